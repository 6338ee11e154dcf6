"""Use cases, one module each; the web layer and the command line import the one they call.

- ``table``: a table as one object per request (:class:`~companion.services.table.Table`): record,
  views, log and news, from the one cache of folded steps (:class:`~companion.services.table.Tables`);
- ``tables``: the new-table form, creating and importing tables, exporting scenario files;
- ``screens``: what a phone sees of a table (controls, panel, tally, log pages);
- ``results``: the results page, exports and kept plays; ``profiles``: profiles and host recovery;
- ``catalogues``: the cards the server remembers for re-entry and the catalogue files.

Each reads what it needs, asks the pure core (``companion.games``) to decide, stores through
``companion.storage`` and tells the table's phones.
"""
