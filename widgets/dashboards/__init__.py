"""The dashboards: each page's one widget, observing the learner and calling the engine."""
