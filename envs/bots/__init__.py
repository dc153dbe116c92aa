"""Bots of every kind, and the one place a SPEC becomes one.

* :mod:`hustings.bots.spec`: SPEC -> bot (scripted, search, shipped, policy files, your own agents);
* :mod:`hustings.bots.search` (and its grammar, :mod:`hustings.bots.search_spec`): IS-MCTS and PIMC;
* :mod:`hustings.bots.policy` and :mod:`hustings.bots.onnx`: trained policies played with NumPy or ONNX Runtime;
* :mod:`hustings.bots.agents`: your own agents (``package.module:factory``, ``text:...``);
* :mod:`hustings.bots.zoo`: the shipped bots (``hustings.load_bot``).

The bot interface itself (``act(state, player)``) is :class:`hustings.core.bots.Bot`.
"""
