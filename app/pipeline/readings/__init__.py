"""What a player's text says, as the rules read it: predicates over the analysis (app/text.py), each
reading the language data of app/lexicon/. Nothing here decides; app/pipeline/refine.py's rules do."""
