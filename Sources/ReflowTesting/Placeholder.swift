import Reflow
