"""Outside opponents for tapete's arena (benchmark-only): belote-cli's AI and colver's bots.

``rules.py`` (the tapete rules matching each engine), ``belote_cli_peer.py``
(:class:`BeloteCliBot`), ``colver_peer.py`` (:class:`ColverBot`),
``levels.py`` (arena level names), ``check_rules.py`` (the mapping measured
deal by deal) and ``run.py`` (the command). See README.md.
"""
