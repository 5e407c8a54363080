"""The rooms' words: seats, invitations and what a room refuses (gettext domain ``rooms``;
translations in ``locale/`` beside this file, kept by ``scripts/i18n.py``). Registered with the engine's
``render`` when the rooms' package is imported."""

from __future__ import annotations

from pathlib import Path

from bolivia_core.i18n import register_catalogue

DOMAIN = "rooms"
LOCALE_DIR = Path(__file__).with_name("locale")

EN: dict[str, str] = {
    # --- rooms: playing together, each person at their own seat (rooms) ---
    "room-token-forged": (
        "this seat's link is not valid: its key is wrong or cut short; open the link exactly as it was sent to you"
    ),
    "room-host-forged": "only the person who invited may change the seats or the idle time; this key is not theirs",
    "room-unknown": "there is no room {room}; check the link, or ask the person who invited you for a new one",
    "room-full": "room {room} is full: every seat is taken; ask the person who invited you to free one",
    "room-not-your-seat": "you sit at seat {seat}; a move for seat {asked} is refused",
    "room-not-your-turn": "it is not your turn: it is player {turn}'s turn",
    "room-table-changed": "the table changed; look again: your move was for move {sent}, the table is at move {now}",
    "room-not-seated": "this page holds no seat yet: open a seat's link first",
    "room-seat-open-elsewhere": "seat {seat} is open on another page; you may take it over here",
    "room-seat-taken-over": "seat {seat} was taken over on another page; this page no longer plays it",
    "room-malformed": "this message cannot be read: {problem}",
    "room-malformed-json": "it is not one JSON object on one line",
    "room-malformed-type": "its type {value} is none of {types}",
    "room-malformed-field": "its field {field} must be {expected}; it is {value}",
    "room-malformed-long": "it is longer than {most:n:byte}",
    "room-seat-number": "there is no seat {seat} in this room: its seats are 1 to {players}",
    "room-level-unknown": "there is no computer level {level}; the levels are {levels}",
    "room-idle-seconds": "the idle time must be a whole number of seconds from {least} to {most}; it is {value}",
    "room-settings": "a room cannot be made with these settings: {problem}",
    "room-failed": "the room could not do this ({problem}); look again at the table and try once more",
    "room-seat-person": "seat {seat}: a person",
    "room-seat-open": "seat {seat}: open, waiting for a person",
    "room-seat-computer": "seat {seat}: the computer ({level})",
    "room-seat-away": "seat {seat}: away; the computer ({level}) plays until they return",
    # --- rooms: a service no page can slow, presence, watch links (rooms) ---
    "room-seat-away-soon": "seat {seat}: away; the computer ({level}) plays for them if they do not come back soon",
    "room-malformed-decode": "it is not one JSON object in UTF-8 text on one line ({detail})",
    "room-malformed-deep": "its values are nested more deeply than any message's are",
    "room-malformed-bounds": "its field {field} must be {expected}",
    "room-malformed-missing": "it lacks the field {field}",
    "room-malformed-unknown": "it has a field {field}, which this kind of message does not have",
    "room-malformed-range": "its field {field} holds a number too large for it",
    "room-malformed-value": "its field {field} cannot be {value}",
    "room-protocol": (
        "this page speaks version {given} of the room protocol and the room service speaks {known}: reload the page"
    ),
    "room-rate-limited": (
        "this page sent too many messages at once (at most {most} a second); its next message is read in {wait} s"
    ),
    "room-create-limited": "too many rooms were made just now; try again in {wait:n:second}",
    "room-too-slow": (
        "this page did not keep up with the table (more than {most} messages were waiting for it), so the room "
        "closed its connection; it connects again and shows the table as it stands"
    ),
    "room-store-down": "the room's store does not answer just now, so nothing changed; try again in a moment",
    "room-grace-seconds": (
        "the time a person who left has to come back must be a whole number of seconds from {least} to {most}; "
        "it is {value}"
    ),
    "room-watch-mode": (
        "a watch link is for a teacher (every hand open) or an onlooker (the table only): {modes}; there is no {mode}"
    ),
    "room-game-refused": "the game in progress cannot come into the room: {problem}",
    "room-game-over": "it is over",
    "room-game-rules": "a room plays a preset's rules, and this game's rules are not those of {rules}",
    # --- rooms: the invite control and the seat pages at the card table (together) ---
    "room-seat-link": "seat {seat}",
    "room-seat-level": "seat {seat}: the computer's level",
}

CATALOGUE = register_catalogue(DOMAIN, EN, LOCALE_DIR)
