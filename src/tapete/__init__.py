"""tapete: Guiñote and Belote engines, bots, a terminal table, a server and research environments."""

__version__ = "0.1.0"
