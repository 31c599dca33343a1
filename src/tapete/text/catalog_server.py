"""The English text of the ``server`` catalog (see :mod:`tapete.text.messages`), keyed by message id.

It holds what ``tapete serve`` prints and the error messages the server sends to clients.
Translations: ``locale/{es,fr}/LC_MESSAGES/server.po``.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    # ------------------------------------------------------------ the command
    "serve.help": "run the multiplayer server: tables of people and bots in the browser",
    "serve.description": (
        "Run tapete's server: people create tables of Guiñote or Belote, invite friends with a link, fill the "
        "empty seats with bots and play in the browser; others watch. Tables, finished games and ratings are kept "
        "in a database (a SQLite file in tapete's data folder unless --database says otherwise), and a restarted "
        "server continues every match where it stopped."
    ),
    "serve.opt.host": "address to listen on (default {default}; 0.0.0.0 for every network interface)",
    "serve.opt.port": "port to listen on (default {default})",
    "serve.opt.database": (
        "database URL: sqlite:///path.db or postgresql+psycopg://user:password@host/db (default {default})"
    ),
    "serve.opt.bot_delay": "seconds between the bots' moves (default {default})",
    "serve.opt.redis": (
        "Redis URL (redis://host:6379/0): run as one node of a cluster, with every node that names the same Redis "
        "and the same PostgreSQL database (docs/deploy.md)"
    ),
    "serve.error.redis_sqlite": "--redis needs a PostgreSQL --database: the nodes of a cluster share one database",
    "serve.node": "cluster node {node}, Redis {redis}",
    "serve.error.port": "bad --port {value}: expected a number from 1 to 65535",
    "serve.error.folder": "cannot make the database folder {folder!r}: {reason}",
    "serve.error.bot_delay": "bad --bot-delay {value}: expected 0 or more seconds",
    "serve.upgrading": "database: {database} (schema upgraded)",
    "serve.listening": "tapete serve: open http://{host}:{port}/ in a browser (Ctrl-C stops the server)",
    "serve.opt.set": (
        "change one of the server's settings (docs/server.md lists them), for example --set max_body_bytes=131072; "
        "may be given more than once"
    ),
    "serve.error.set_form": "bad --set {value}: expected NAME=VALUE",
    "serve.error.set_name": "bad --set {value}: there is no setting {name}; the settings: {names}",
    "serve.error.set_value": "bad --set {value}: {name} takes {expected}",
    "serve.set.int": "a whole number, 0 or more",
    "serve.set.float": "a number, 0 or more",
    "serve.set.bool": "yes or no",
    "serve.set.list": "a list separated by commas (empty for none)",
    "serve.set.float_or_none": "a number, 0 or more, or none",
    "serve.files_raised": "open files: the limit raised from {before} to {after} (each connection holds one)",
    "serve.files_low": (
        "open files: at most {limit}, and each connection holds one; to serve more people raise the hard limit "
        "(ulimit -Hn, or LimitNOFILE= under systemd)"
    ),
    # ------------------------------------------------------------ bots
    "server.bot_name": "{level} bot",
    "server.bot_seat": "Bot {seat} ({level})",
    "server.level.random": "random",
    "server.level.heuristic": "heuristic",
    "server.level.ismcts": "IS-MCTS",
    "server.level.pimc": "PIMC",
    "server.level.easy": "easy",
    "server.level.medium": "medium",
    "server.level.hard": "hard",
    "server.level.expert": "expert",
    # ------------------------------------------------------------ malformed messages
    "server.error.too_large": "The message is too long: at most {limit} bytes.",
    "server.error.bad_json": "The message is not valid JSON.",
    "server.error.not_object": "The message must be a JSON object.",
    "server.error.unknown_type": "Unknown message type '{type}': expected one of {types}.",
    "server.error.bad_field": "The field '{field}' is missing or has a wrong value.",
    "server.error.rate_limited": "Too many messages: slow down.",
    "server.error.too_deep": "The message nests arrays or objects too deeply: at most {limit} levels.",
    "server.error.body_too_large": "The request is too large: at most {limit} bytes.",
    "server.error.body_timeout": "The request did not arrive in time: its body must come within {seconds} seconds.",
    "server.error.too_many_connections": (
        "Too many connections from your address (at most {limit}): close some of them and try again."
    ),
    "server.error.hello_timeout": "No hello within {seconds} seconds: say hello with your token as you connect.",
    "server.error.not_found": "There is nothing at this address.",
    "server.error.bad_method": "This address does not take that kind of request.",
    "server.error.http_error": "The request was refused (HTTP {status}).",
    "server.error.internal": "Something went wrong on the server; nothing was changed. Try again.",
    "server.error.storage": "The server cannot reach its database right now; nothing was changed. Try again soon.",
    "server.error.unavailable": (
        "The server that runs this table cannot be reached right now; nothing was changed. Try again in a moment."
    ),
    # ------------------------------------------------------------ who is who
    "server.error.bad_token": "This token does not open this table: ask for a seat or to watch again.",
    "server.error.hello_first": "Say hello first, with your seat or spectator token.",
    "server.error.hello_again": "This connection is already open with another token: open a new one.",
    "server.error.no_auth": "Sign in first (as a guest, or with your name and password).",
    "server.error.bad_auth": "Your session has expired or is unknown: sign in again.",
    "server.error.bad_login": "Wrong name or password.",
    "server.error.name_taken": (
        "The name {name} is already registered, or looks the same as one that is: choose another one."
    ),
    # ------------------------------------------------------------ identity: names, passwords, sign-in
    "server.error.name_empty": "A name needs at least one visible character.",
    "server.error.name_long": "A name has at most {limit} characters.",
    "server.error.name_chars": "A name cannot contain control, invisible or direction-changing characters: {char}.",
    "server.error.password_short": "A password needs at least {limit} characters.",
    "server.error.password_long": "A password has at most {limit} characters.",
    "server.error.too_many_attempts": "Too many attempts: try again in {seconds} s.",
    "server.error.busy": "The server is busy checking passwords: try again in a moment.",
    "server.error.seat_moved": "This seat was opened again on another page or device: this connection is closed.",
    "server.error.signed_out": "The sign-in behind this connection has ended (signed out or expired): sign in again.",
    "server.error.not_owner": "Only the person who created the table may do that.",
    "server.error.not_allowed": "This game was private: only the people who played it may see it.",
    # ------------------------------------------------------------ tables
    "server.error.no_table": "There is no such table.",
    "server.error.no_code": "No table has the invite code {code}.",
    "server.error.bad_game": "Unknown game '{game}': expected one of {games}.",
    "server.error.bad_preset": "{game} has no rules called '{preset}': expected one of {presets}.",
    "server.error.bad_rules": "These rules cannot be played: {reason}",
    "server.error.bad_clock": "The turn clock must be from 0 (none) to {limit} seconds.",
    "server.error.bad_seat": "Seat {seat} is not at this table: the seats go from 0 to {last}.",
    "server.error.not_partner": "Seat {seat} is not the partner of seat {partner}, or seat {partner} is empty.",
    "server.error.seat_taken": "Seat {seat} is already taken.",
    "server.error.seat_open": "Seat {seat} is empty already.",
    "server.error.already_seated": "You already have a seat at this table.",
    "server.error.bad_level": "Unknown bot level '{level}': expected one of {levels}.",
    "server.error.seats_open": "Every seat needs a person or a bot before the start; empty: {seats}.",
    "server.error.not_waiting": "The match has already started: seats can no longer change.",
    "server.error.not_started": "The match has not started yet.",
    "server.error.table_closed": "This table is closed: its match is over.",
    "server.error.not_seated": "Spectators cannot play: take a seat to play.",
    "server.error.stale_version": "The table has moved on since you looked (it is at move {version}): look again.",
    "server.error.chat_empty": "The message is empty.",
    "server.error.analysis_off": "This server does not analyse games.",
    "server.error.analysis_busy": "The server is busy analysing other games: try again in a minute.",
    "server.error.analysis_too_long": "This game is too long to analyse here: {cards} cards, at most {limit}.",
    "server.error.too_many_analyses": "Too many analyses asked for from your address: try again in {seconds} s.",
    "server.error.too_many_lookups": "Too many invite codes tried from your address: try again in {seconds} s.",
    "server.error.too_many_tables": (
        "You already have {limit} open tables (waiting or in play): start, finish or give one up before "
        "creating another."
    ),
    "server.error.creating_too_fast.person": "You are creating tables too fast: try again in {seconds} s.",
    "server.error.creating_too_fast.address": (
        "Too many tables are being created from your address: try again in {seconds} s."
    ),
    "server.error.bad_kind": "Ratings are of a 'player' or a 'pair'.",
    # ------------------------------------------------------------ finished games and pages
    "server.error.not_finished": "The match is not over yet: its record and replay come at the end.",
    "server.error.no_record": "The record of this game was not saved.",
    "server.error.bad_lang": "Unknown language '{lang}': expected one of {langs}.",
    "server.error.no_client": "The web client is not installed in this copy of tapete.",
}
