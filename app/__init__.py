"""Kikitori: interprets a player's free Japanese text as one of the inputs a story game can act on."""
