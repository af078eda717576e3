"""The interpretation pipeline, one module per stage; interpret.py runs them in order."""
