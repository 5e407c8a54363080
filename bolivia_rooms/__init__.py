"""The rooms where people play together."""
