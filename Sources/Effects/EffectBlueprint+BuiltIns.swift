import Animator

// Built-ins as static members, the way swift-snapshot-testing offers
// `Snapshotting.lines`: `GlyphAnimator(effect: .wave)` where an effect of any
// type is taken (`some EffectBlueprint`), `director.effect = .mist` where an
// `AnyEffect` is kept.

extension EffectBlueprint where Self == ScaleEffect {
    /// Glyphs grow in from 82 % and fade; the default (see `ScaleEffect`).
    public static var scale: ScaleEffect { ScaleEffect() }
}

extension EffectBlueprint where Self == CrossFadeEffect {
    /// A 0.1 s opacity cross-fade where nothing moves; the reduced-motion effect (see `CrossFadeEffect`).
    public static var minimal: CrossFadeEffect { CrossFadeEffect() }
}

extension EffectBlueprint where Self == RollingEffect {
    /// Digits roll like a wheel in the direction of the change (see `RollingEffect`).
    public static var rolling: RollingEffect { RollingEffect() }
}

extension EffectBlueprint where Self == SlideEffect {
    /// Glyphs slide in from the trailing side and out toward the leading side (see `SlideEffect`).
    public static var slide: SlideEffect { SlideEffect() }
}

extension EffectBlueprint where Self == WaveEffect {
    /// A calm wave rolls along the line (see `WaveEffect`).
    public static var wave: WaveEffect { WaveEffect() }
}

extension EffectBlueprint where Self == MistEffect {
    /// Glyphs condense out of fog and dissolve into it (see `MistEffect`).
    public static var mist: MistEffect { MistEffect() }
}

extension EffectBlueprint where Self == SparkleEffect {
    /// Glyphs land with a pulse, a glint and motes of light (see `SparkleEffect`).
    public static var sparkle: SparkleEffect { SparkleEffect() }
}

extension EffectBlueprint where Self == DanceEffect {
    /// Glyphs rock and pulse forever, even against odd (see `DanceEffect`).
    public static var dance: DanceEffect { DanceEffect() }
}

extension EffectBlueprint where Self == WriteEffect {
    /// Glyphs are written one after another by a pen, then filled (see `WriteEffect`).
    public static var write: WriteEffect { WriteEffect() }
}

extension EffectBlueprint where Self == LayeredEffect {
    /// One effect's motion with another's appearance (see `LayeredEffect`).
    public static func layered(motion: some EffectBlueprint, appearance: some EffectBlueprint) -> LayeredEffect {
        LayeredEffect(motion: motion, appearance: appearance)
    }
}

extension AnyEffect {
    /// Digits roll like a wheel in the direction of the change (see `RollingEffect`).
    public static var rolling: AnyEffect { AnyEffect(RollingEffect()) }
    /// Glyphs slide in from the trailing side and out toward the leading side (see `SlideEffect`).
    public static var slide: AnyEffect { AnyEffect(SlideEffect()) }
    /// A calm wave rolls along the line (see `WaveEffect`).
    public static var wave: AnyEffect { AnyEffect(WaveEffect()) }
    /// Glyphs condense out of fog and dissolve into it (see `MistEffect`).
    public static var mist: AnyEffect { AnyEffect(MistEffect()) }
    /// Glyphs land with a pulse, a glint and motes of light (see `SparkleEffect`).
    public static var sparkle: AnyEffect { AnyEffect(SparkleEffect()) }
    /// Glyphs rock and pulse forever, even against odd (see `DanceEffect`).
    public static var dance: AnyEffect { AnyEffect(DanceEffect()) }
    /// Glyphs are written one after another by a pen, then filled (see `WriteEffect`).
    public static var write: AnyEffect { AnyEffect(WriteEffect()) }

    /// One effect's motion with another's appearance (see `LayeredEffect`).
    public static func layered(motion: some EffectBlueprint, appearance: some EffectBlueprint) -> AnyEffect {
        AnyEffect(LayeredEffect(motion: motion, appearance: appearance))
    }
}
