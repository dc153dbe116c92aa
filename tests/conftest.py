"""The tests are grouped by concept in folders; ``helpers`` (and through it ``hustings.testing``) is shared by all."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
