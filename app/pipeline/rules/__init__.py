"""Stage 5's rules, one module per kind of reading: going, leaving, replies, topics (app/pipeline/refine.py
orders them)."""
