import Analyzer
import Animator

/// One shape of the Director's scene: where it comes from and goes to, and how.
struct SceneRecord {
    let id: Int32
    let key: String
    /// The shape at the start of its motion and at its end (they blend on the transform curve).
    let from: Shape
    let to: Shape
    /// Its state over time, from the fence (symbol unused).
    let motion: AnimationDescriptor
    let fence: Double
    let layer: ShapeSprite.Layer
    let role: SpriteRole
    /// Whether the shape itself changes (its size, paint or path blend).
    let blends: Bool
    /// When its motion is over: its state's, and its shape's blend when the shape changes.
    let end: Double

    init(
        id: Int32, key: String, from: Shape, to: Shape, motion: AnimationDescriptor, fence: Double,
        layer: ShapeSprite.Layer, role: SpriteRole
    ) {
        self.id = id
        self.key = key
        self.from = from
        self.to = to
        self.motion = motion
        self.fence = fence
        self.layer = layer
        self.role = role
        blends = from != to
        let blend = blends ? motion.delay + (motion.timing.duration.isFinite ? motion.timing.duration : 0) : 0
        end = fence + max(motion.settleTime, blend)
    }

    func state(at t: Double) -> GlyphState { motion.state(at: t - fence) }

    func velocity(at t: Double) -> GlyphState { motion.velocity(at: t - fence) }

    /// The shape at `t`: `from` blended into `to` as far as the transform curve has gone.
    func shape(at t: Double) -> Shape {
        guard blends else { return to }
        let local = t - fence - motion.delay
        if local <= 0 { return from }
        if local >= motion.timing.duration { return to }
        return from.interpolated(to: to, min(max(motion.timing.progress(at: local), 0), 1))
    }

    /// The record at rest on its target.
    func resting() -> SceneRecord {
        SceneRecord(
            id: id, key: key, from: to, to: to, motion: .resting(" ", at: motion.to, box: motion.box), fence: fence,
            layer: layer, role: .persisting)
    }
}

extension TransitionDirector {
    /// Creates a director showing a scene's first state at rest, with `text` beside it.
    ///
    /// ```swift
    /// let director = TransitionDirector(scene: .menu)
    /// director.setScene(Scene.menu.state(afterToggles: 1), at: 0, timing: Scene.menu.timing, delay: Scene.menu.delay)
    /// let frame = director.frame(at: 0.3)   // frame.shapes: the four bars, on their way to "×"
    /// ```
    public convenience init(
        scene: Scene, text: String = "", layout: any GlyphLayout = MonospaceLayout(),
        effect: any EffectBlueprint = ScaleEffect(), style: MotionStyle = .snappy,
        preference: MotionPreference = .system, seed: UInt64 = 0
    ) {
        self.init(
            text: scene.states[0].text ?? text, layout: layout, effect: effect, style: style, preference: preference,
            seed: seed)
        showScene(scene.states[0])
    }

    /// Shows a scene state at once: its shapes at rest, no transition and no event
    /// (any scene change under way is dropped). Its text, if any, is set as by `setText`.
    public func showScene(_ state: SceneState) {
        sceneActive = nil
        var kept: [String: Int32] = [:]
        for record in sceneRecords { kept[record.key] = record.id }
        sceneRecords.removeAll()
        var seen = Set<String>()
        for element in state.elements where seen.insert(element.key).inserted {
            let id = kept[element.key] ?? takeID()
            sceneRecords.append(
                SceneRecord(
                    id: id, key: element.key, from: element.shape, to: element.shape,
                    motion: .resting(" ", at: element.state, box: Self.box(of: element)), fence: lastFence,
                    layer: element.layer, role: .persisting))
        }
        if let text = state.text { setText(text, at: lastFence) }
    }

    /// Starts the change to another scene state at time `t`: shapes with the
    /// same key move and blend from what they show at `t` to the new state
    /// (velocity kept and no delay for a shape in motion, so a change
    /// mid-flight turns back without a jump or a stop), new
    /// keys fade in where they belong, keys the state lacks fade out where
    /// they are. The state's text, if any, is set at `t` as by `setText`.
    ///
    /// With reduced motion (`preference`) the change is a 0.1 s blend with no
    /// delay; with no motion, the new state is shown at once.
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
        _ state: SceneState, at time: Double, timing requested: TimingCurve = .instant, delay: Double = 0
    ) -> Double {
        defer { runCallbacks() }
        if let text = state.text { setText(text, at: time) }
        let t = max(usable(time), lastFence)
        advance(to: t)
        curves.update(at: t)
        if let running = sceneActive {
            emit(TransitionEvent(kind: .cancel, time: t, transition: running.serial, text: running.text, isScene: true))
            sceneActive = nil
        }
        lastFence = t
        serial += 1
        // The Director's motion preference holds for controls too: reduced motion
        // blends the states over 0.1 s where they are, no motion at all swaps them.
        let timing: TimingCurve
        var wait = delay.isFinite ? max(delay, 0) : 0
        switch preference.resolved() {
        case .full: timing = requested
        case .reduced: (timing, wait) = (.linear(duration: 0.1), 0)
        case .none: (timing, wait) = (.instant, 0)
        }
        // What each live shape shows now.
        var presented: [String: (record: SceneRecord, state: GlyphState, velocity: GlyphState, shape: Shape)] = [:]
        var order: [String] = []
        for record in sceneRecords where !(record.role == .exiting && t >= record.end) {
            presented[record.key] = (record, record.state(at: t), record.velocity(at: t), record.shape(at: t))
            order.append(record.key)
        }
        var next: [SceneRecord] = []
        var seen = Set<String>()
        for element in state.elements where seen.insert(element.key).inserted {
            var start = element.state
            var velocity = GlyphState.zero
            var from = element.shape
            var id: Int32
            var role = SpriteRole.entering
            if let now = presented[element.key] {
                start = now.state
                velocity = now.velocity
                from = now.shape
                id = now.record.id
                role = .persisting
            } else {
                start.opacity = 0
                id = takeID()
            }
            // A shape in motion turns at once, as a glyph does: a delay would stop it dead.
            var motion = AnimationDescriptor(
                symbol: " ", from: start, to: element.state, timing: timing,
                delay: velocity == .zero ? wait + element.delay : 0, box: Self.box(of: element))
            motion.carry(velocity)
            next.append(
                SceneRecord(
                    id: id, key: element.key, from: from, to: element.shape, motion: motion, fence: t,
                    layer: element.layer, role: role))
        }
        // Shapes the new state lacks fade out where they are, keeping their place in the drawing order.
        for key in order where !seen.contains(key) {
            guard let now = presented[key] else { continue }
            var gone = now.state
            gone.opacity = 0
            var motion = AnimationDescriptor(
                symbol: " ", from: now.state, to: gone, timing: timing, delay: now.velocity == .zero ? wait : 0,
                box: now.record.motion.box)
            motion.carry(now.velocity)
            let leaving = SceneRecord(
                id: now.record.id, key: key, from: now.shape, to: now.shape, motion: motion, fence: t,
                layer: now.record.layer, role: .exiting)
            let before = order.firstIndex(of: key).map { order[..<$0] } ?? []
            let slot = next.lastIndex { r in before.contains(r.key) }.map { $0 + 1 } ?? 0
            next.insert(leaving, at: slot)
        }
        sceneRecords = next
        let end = sceneRecords.reduce(t) { max($0, $1.end) }
        sceneActive = ActiveTransition(serial: serial, fence: t, end: end, text: state.name, looping: false)
        return end - t
    }

    /// Ends a scene change: one settle event, leaving shapes dropped, the rest at rest.
    func settleScene(_ running: ActiveTransition) {
        sceneActive = nil
        emit(TransitionEvent(kind: .settle, time: running.end, transition: running.serial, text: running.text, isScene: true))
        sceneRecords = sceneRecords.compactMap { $0.role == .exiting ? nil : $0.resting() }
    }

    /// A scene shape's frame sprite at `t`.
    func sprite(_ record: SceneRecord, at t: Double) -> ShapeSprite {
        ShapeSprite(
            id: record.id, key: record.key, shape: record.shape(at: t), role: record.role, state: record.state(at: t),
            layer: record.layer)
    }

    /// Writes the frame's shapes at `t`: tiles under the glyph sprites (taking
    /// the border pulse off the glyphs), then the scene's shapes.
    func drawShapes(at t: Double, sprites: inout [SpriteFrame], into shapes: inout [ShapeSprite]) {
        shapes.removeAll(keepingCapacity: true)
        if let tiles {
            let symbols = workspace.symbols
            for k in sprites.indices {
                let blank = symbols.isWhitespace(sprites[k].glyph)
                if let tile = tiles.tile(under: &sprites[k], blank: blank) { shapes.append(tile) }
            }
        }
        for record in sceneRecords where !(record.role == .exiting && t >= record.end) {
            shapes.append(sprite(record, at: t))
        }
    }

    static func box(of element: SceneElement) -> GlyphFrame {
        let size = element.shape.size
        let p = element.state.position
        let rect = Rect(origin: Point(x: p.x - size.width / 2, y: p.y - size.height / 2), size: size)
        return GlyphFrame(rect: rect, baseline: rect.maxY, line: 0)
    }
}
