"""The Tsunagi engine (Numberlink, Arukone, Flow): pure functions over immutable values."""
