"""Bolivia as a research environment: PettingZoo's AEC API (``bolivia_env.env``) and, where
``open_spiel`` is installed, an OpenSpiel game (``bolivia_env.openspiel``).

Install with ``pip install bolivia-explorer[env]``. The engine (``bolivia_core``) needs none of this:
this package reads the engine's public modules and adds numpy, Gymnasium and PettingZoo. The encoding
of actions as steps and of what a seat sees as numbers is in ``bolivia_env.encoding``;
``docs/research.md`` describes it.
"""

from .aec import BoliviaEnv, env, parallel_env, raw_env

__all__ = ["BoliviaEnv", "env", "parallel_env", "raw_env"]
