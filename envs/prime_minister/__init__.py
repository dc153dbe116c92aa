"""Prime Minister (GMT): rules engine to come; component data in ``data/`` loaded by ``data_loader``."""
