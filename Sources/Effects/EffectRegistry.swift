import Animator

/// Blueprints registered by name (DESIGN.md section 3).
public struct EffectRegistry: Sendable {}
