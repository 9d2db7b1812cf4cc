import Animator

/// Recycled sprites with generational handles, z-order and statistics (DESIGN.md section 4).
public final class SpritePool {}
