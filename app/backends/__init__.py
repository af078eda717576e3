"""Model backends behind one small interface (base.py); the pipeline never imports a concrete one."""
