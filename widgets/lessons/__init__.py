"""What the lessons' exercises share: quizzes whose answers the engine works out."""
