import Analyzer
import Animator
import Pool

/// Owns the timeline of text transitions (DESIGN.md section 4).
public final class TransitionDirector {}
