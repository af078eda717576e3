"""eval-interpret: runs evaluation files (contract section 3) through the service's own pipeline."""
