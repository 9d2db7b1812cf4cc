/// One keyed shape of a scene state: what it is, where and how it shows.
///
/// Elements with the same `key` in two states are the same sprite: moving from
/// one state to the other animates its state (position, rotation, scale,
/// opacity, `strokeEnd`…) and blends its shape (size, corner radius, colours,
/// and paths with the same commands point by point).
public struct SceneElement: Hashable, Sendable {
    /// The element's name, unique within its state.
    public var key: String
    /// What it draws.
    public var shape: Shape
    /// Where its box's centre is and how it shows, in layout points.
    public var state: GlyphState
    /// Under or over the text.
    public var layer: ShapeLayer
    /// Seconds this element waits, on top of the scene's delay, when a change moves it.
    public var delay: Double

    /// An element; `state` places its box's centre.
    public init(
        key: String, shape: Shape, state: GlyphState, layer: ShapeLayer = .belowText, delay: Double = 0
    ) {
        self.key = key
        self.shape = shape
        self.state = state
        self.layer = layer
        self.delay = delay.isFinite ? max(delay, 0) : 0
    }

    /// An element at rest at `position`, turned by `rotation` radians, at `opacity`.
    public init(
        key: String, shape: Shape, at position: Point, rotation: Double = 0, opacity: Double = 1,
        strokeEnd: Double = 1, layer: ShapeLayer = .belowText, delay: Double = 0
    ) {
        var state = GlyphState.resting(at: position)
        state.rotation = rotation
        state.opacity = opacity
        state.strokeEnd = strokeEnd
        self.init(key: key, shape: shape, state: state, layer: layer, delay: delay)
    }
}

/// One state of a control: a set of keyed shapes and, optionally, a text.
///
/// ```swift
/// let off = SceneState(name: "off", elements: [SceneElement(key: "dot", shape: dot, at: left)])
/// let on = SceneState(name: "on", elements: [SceneElement(key: "dot", shape: dot, at: right)], text: "On")
/// director.setScene(on, at: 0)
/// ```
public struct SceneState: Hashable, Sendable {
    /// The state's name (events report it).
    public var name: String
    /// The shapes, in drawing order within each layer.
    public var elements: [SceneElement]
    /// A text shown with the shapes (the Director's `setText` at the same time), or nil to leave the text alone.
    public var text: String?

    /// A state; keys should be unique (a repeated key keeps its first element).
    public init(name: String, elements: [SceneElement], text: String? = nil) {
        self.name = name
        self.elements = elements
        self.text = text
    }
}

/// A control with states that a tap steps through: menu ↔ close, play ↔ pause, a checkbox.
///
/// ```swift
/// let scene = Scene.menu
/// let director = TransitionDirector(scene: scene)
/// director.setScene(scene.state(afterToggles: 1), at: 0.3, timing: scene.timing, delay: scene.delay)
/// ```
public struct Scene: Hashable, Sendable {
    /// The scene's name (`--scene NAME`).
    public var name: String
    /// One line on what it shows.
    public var summary: String
    /// The states, in the order taps step through them (after the last, the first again).
    public var states: [SceneState]
    /// The curve every change follows.
    public var timing: TimingCurve
    /// Seconds between a tap and the motion.
    public var delay: Double

    /// A scene.
    ///
    /// - Throws: `SceneError` when there is no state, a state repeats a key,
    ///   or the delay is negative or not finite.
    public init(
        name: String, summary: String = "", states: [SceneState], timing: TimingCurve, delay: Double = 0
    ) throws(SceneError) {
        guard !states.isEmpty else { throw SceneError(.noStates, "a scene needs at least one state") }
        for state in states {
            var seen = Set<String>()
            for element in state.elements where !seen.insert(element.key).inserted {
                throw SceneError(
                    .repeatedKey, "state \(TerminalEscape.quoted(state.name)) repeats the key \(TerminalEscape.quoted(element.key))")
            }
        }
        guard delay.isFinite, delay >= 0 else {
            throw SceneError(.invalidDelay, "a scene's delay must be a non-negative number of seconds (got \(delay))")
        }
        self.name = name
        self.summary = summary
        self.states = states
        self.timing = timing
        self.delay = delay
    }

    /// The state shown after `toggles` taps from the first.
    public func state(afterToggles toggles: Int) -> SceneState {
        let n = states.count
        return states[((toggles % n) + n) % n]
    }
}

extension Scene {
    /// The scene drawn `factor` times as large: positions, sizes, corner radii,
    /// line widths and paths scaled about the origin (a factor that is not a
    /// positive finite number leaves it as it is; sizes stay within `Shape.maximumSize`).
    public func scaled(by factor: Double) -> Scene {
        guard factor.isFinite, factor > 0, factor != 1 else { return self }
        var scene = self
        scene.states = states.map { state in
            var state = state
            state.elements = state.elements.map { $0.scaled(by: factor) }
            return state
        }
        return scene
    }
}

extension SceneElement {
    /// The element `factor` times as large, about the origin.
    func scaled(by factor: Double) -> SceneElement {
        var element = self
        element.state.position = Point(x: state.position.x * factor, y: state.position.y * factor)
        element.shape = shape.scaled(by: factor)
        return element
    }
}
