import Analyzer
import Animator

extension TransitionDirector {
    /// Creates a director showing a scene's first state at rest, with `text` beside it.
    ///
    /// ```swift
    /// let director = TransitionDirector(scene: .menu)
    /// director.setScene(Scene.menu.state(afterToggles: 1), at: 0, timing: Scene.menu.timing, delay: Scene.menu.delay)
    /// let frame = director.frame(at: 0.3)   // frame.shapes: the four bars, on their way to "×"
    /// ```
    public convenience init(
        scene: Scene, text: String = "", layout: AnyLayout = AnyLayout(MonospaceLayout()), effect: AnyEffect = .scale,
        style: MotionStyle = .snappy, preference: MotionPreference = .system, seed: UInt64 = 0
    ) {
        self.init(
            text: scene.states[0].text ?? text, layout: layout, effect: effect, style: style, preference: preference,
            seed: seed)
        showScene(scene.states[0])
    }

    #if !hasFeature(Embedded)
    /// Creates a director showing a scene's first state at rest, with `text`
    /// beside it, laid out and animated by a layout and an effect of any type.
    public convenience init(
        scene: Scene, text: String = "", layout: some GlyphLayout = MonospaceLayout(),
        effect: some EffectBlueprint = ScaleEffect(), style: MotionStyle = .snappy,
        preference: MotionPreference = .system, seed: UInt64 = 0
    ) {
        self.init(
            scene: scene, text: text, layout: AnyLayout(layout), effect: AnyEffect(effect), style: style,
            preference: preference, seed: seed)
    }
    #endif

    /// Shows a scene state at once: its shapes at rest, no transition and no event
    /// (any scene change under way is dropped). Its text, if any, is set as by `setText`.
    public func showScene(_ state: SceneState) {
        sceneActive = nil
        var shapes = state
        shapes.text = nil
        stage.showScene(shapes)
        if let text = state.text { setText(text, at: clock.callerTime(lastFence)) }
    }

    /// Starts the change to another scene state at time `t`: shapes with the
    /// same key move and blend from what they show at `t` to the new state
    /// (velocity kept and no delay for a shape in motion, so a change
    /// mid-flight turns back without a jump or a stop), new
    /// keys fade in where they belong, keys the state lacks fade out where
    /// they are. The state's text, if any, is set at `t` as by `setText`.
    ///
    /// Shapes are sprites planned by the same rules as glyphs: with reduced
    /// motion (`preference`) the change is a 0.1 s blend with no delay; with no
    /// motion, the new state is shown at once.
    ///
    /// A scene change still running at `t` is superseded (a `cancel` event);
    /// the new one reports a `settle` when every shape is at rest. Events name
    /// the state (`TransitionEvent.text`) and say they are a scene's
    /// (`TransitionEvent.isScene`). Times are taken as by `setText`.
    ///
    /// - Parameters:
    ///   - state: the state to go to.
    ///   - time: when the change starts (the tap).
    ///   - timing: the curve every shape follows (a scene's `timing`; instant by default).
    ///   - delay: seconds between the tap and the motion (a scene's `delay`).
    /// - Returns: seconds from `t` until the change settles.
    @discardableResult
    public func setScene(
        _ state: SceneState, at time: Double, timing: TimingCurve = .instant, delay: Double = 0
    ) -> Double {
        defer { runCallbacks() }
        if let text = state.text { setText(text, at: time) }
        let t = max(planTime(time), lastFence)
        advance(to: t)
        supersede(&sceneActive, at: t, isScene: true)
        stage.setScene(state, atPlanTime: t, timing: timing, delay: delay)
        let end = max(stage.sceneEnd, t)
        sceneActive = ActiveTransition(serial: serial, fence: t, end: end, text: state.name, looping: false)
        return clock.callerTime(end) - clock.callerTime(t)
    }

    /// Ends a scene change: one settle event (the stage puts its shapes at rest).
    func settleScene(_ running: ActiveTransition) {
        sceneActive = nil
        emit(TransitionEvent(kind: .settle, time: running.end, transition: running.serial, text: running.text, isScene: true))
    }
}
