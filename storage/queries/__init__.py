"""The queries, one module per concept: the service asks for rows or values by name
(`await queries.games.due(session, now, limit)`) and builds no SQL itself
(tests/storage/test_query_home.py).

Import the package and call through the module (`from storage import queries`, then
`queries.powers.of_game(...)`): the concepts' names (`games`, `powers`, `phases`) are the
service's favourite local names too. Each function takes the caller's transaction (a
session, or a bare connection where `storage.db.Db` says either will do) and none
commits: the service owns the unit of work.

- games: a game by id (with its phase, locked or not), by channel, by player; the
  deadlines passed and the claim that makes a phase change happen once; the roll-calls
  before a first phase whose time or reminder is due
- matches: the two boards of a One-on-one match
- players: the people in a game, and who is gone from its server
- powers: the powers of a game, who plays each, ready
- proxies: proxy grants in force
- phases: every play of each phase, one phase read at the cost of one row
- orders: the orders in force, and the order operations' statements (show, submit,
  clear, ready)
- submissions: messages of orders as received
- votes: open votes and their ballots
- threads: private talk threads and their members
- press: public press kept in the record
- reminders: reminders of a deadline, and the times each player chose
- absences: absences declared ahead
- notes: a player's private notes in a game, and who held a power in it
- outbox: what is to be said on Discord: added, leased, held, given up, pruned
- audit: the GM's audit log
- ratings: the ratings tables, as SQL aggregates; a player's record of showing up
- users: a user's palette, and whether their DMs are closed
- sandboxes: a user's private boards and their positions (issue 31)
- spectators: members who follow a game without playing it (issue 31)
"""

from storage.queries import (
    absences,
    audit,
    games,
    matches,
    notes,
    orders,
    outbox,
    phases,
    players,
    powers,
    press,
    proxies,
    ratings,
    reminders,
    sandboxes,
    spectators,
    submissions,
    threads,
    users,
    votes,
)

__all__ = [
    "absences",
    "audit",
    "games",
    "matches",
    "notes",
    "orders",
    "outbox",
    "phases",
    "players",
    "powers",
    "press",
    "proxies",
    "ratings",
    "reminders",
    "sandboxes",
    "spectators",
    "submissions",
    "threads",
    "users",
    "votes",
]
