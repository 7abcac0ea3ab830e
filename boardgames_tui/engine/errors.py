"""The error every rule and every reader of actions raises when an action cannot be taken."""


class IllegalAction(ValueError):
    """An action that the rules refuse; the message is a reason a player can read."""
