"""Use cases, one module each: tables, play, screens, catalogues, results, profiles, news. Views call exactly one.

``states`` holds the tables' folded states that play, results and profiles share.

Each use case reads what it needs, asks the pure core (``companion.games``) to decide, stores
through ``companion.storage.store`` or ``companion.storage.history``, and tells the table's phones. The
names below are the ones the web layer and the command line use.
"""

from companion.services.catalogues import ServerCatalogue, import_catalogue, remembered, server_catalogue
from companion.services.play import KeyReused, SeatNotHeld, new_key, record, take_seat
from companion.services.profiles import (
    ProfileExists,
    create_profile,
    delete_profile,
    find_profile,
    host_key_table,
    live_host_key,
    new_host_key,
    player_stats,
    restore_profile,
    revoke_host_keys,
    use_host_key,
)
from companion.services.results import ResultsView, export_play, finished_plays, results_view
from companion.services.screens import LogPage, SeatView, latest_news, log_page, public_seed_hash, scoreboard, seat_view
from companion.services.states import table_state
from companion.services.tables import (
    COLOUR_NAMES,
    ONLY_HOST,
    OPTIONS_SHOWN,
    PLAY_AS,
    PLAYER_COLOURS,
    NewTable,
    NotFound,
    PlayerEntry,
    all_options,
    create_table,
    export_scenario,
    find_table,
    form_options,
    import_scenario,
    play_as_choices,
    start_table,
    tables_by_code,
)

__all__ = [
    "COLOUR_NAMES",
    "ONLY_HOST",
    "OPTIONS_SHOWN",
    "PLAYER_COLOURS",
    "PLAY_AS",
    "KeyReused",
    "LogPage",
    "NewTable",
    "NotFound",
    "PlayerEntry",
    "ProfileExists",
    "ResultsView",
    "SeatNotHeld",
    "SeatView",
    "ServerCatalogue",
    "all_options",
    "create_profile",
    "create_table",
    "delete_profile",
    "export_play",
    "export_scenario",
    "find_profile",
    "find_table",
    "finished_plays",
    "form_options",
    "host_key_table",
    "import_catalogue",
    "import_scenario",
    "latest_news",
    "live_host_key",
    "log_page",
    "new_host_key",
    "new_key",
    "play_as_choices",
    "player_stats",
    "public_seed_hash",
    "record",
    "remembered",
    "restore_profile",
    "results_view",
    "revoke_host_keys",
    "scoreboard",
    "seat_view",
    "server_catalogue",
    "start_table",
    "table_state",
    "tables_by_code",
    "take_seat",
    "use_host_key",
]
