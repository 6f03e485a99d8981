"""The Suido engine (Net, NetWalk): pure functions over immutable values."""
