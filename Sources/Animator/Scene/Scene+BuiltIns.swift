extension Scene {
    /// The built-in scenes: menu ↔ close, play ↔ pause, a checkmark.
    public static let builtIns: [Scene] = [menu, play, check]

    /// The built-in scene with this name.
    ///
    /// - Throws: `SceneError` naming the scenes there are, and the nearest one
    ///   when the name is a slip of the finger.
    public static func named(_ name: String) throws(SceneError) -> Scene {
        if let scene = builtIns.first(where: { $0.name == name }) { return scene }
        let names = builtIns.map { $0.name }
        throw SceneError(
            .unknownScene, "unknown scene \(TerminalEscape.quoted(name, maximumBytes: 120)); scenes: \(names.joined(separator: ", "))")
    }

    /// The centre of every built-in control, in points: each fits a 40 × 40 box from the origin.
    public static let controlCentre = Point(x: 20, y: 20)

    /// A menu button of four rounded bars that turns into a close "×".
    ///
    /// Bars 28 × 3 points, 7 apart. To "close" the two middle bars meet at
    /// the centre and turn +45° and −45° so they cross, and the outer bars
    /// slide 20 points out to the sides (the top one left, the bottom one
    /// right) and fade; back to "menu" the other way. Ease-in-out over 0.35 s
    /// after a 0.2 s delay.
    public static let menu: Scene = {
        let c = controlCentre
        // Constant sizes, valid by construction.
        let bar = try! Shape.rect(width: 28, height: 3, cornerRadius: 1.5)
        let rows = [-10.5, -3.5, 3.5, 10.5]
        let open = SceneState(
            name: "menu",
            elements: rows.enumerated().map { k, dy in
                SceneElement(key: "bar\(k + 1)", shape: bar, at: Point(x: c.x, y: c.y + dy))
            })
        let quarter = Double.pi / 4
        let closed = SceneState(
            name: "close",
            elements: [
                SceneElement(key: "bar1", shape: bar, at: Point(x: c.x - 20, y: c.y + rows[0]), opacity: 0),
                SceneElement(key: "bar2", shape: bar, at: c, rotation: quarter),
                SceneElement(key: "bar3", shape: bar, at: c, rotation: -quarter),
                SceneElement(key: "bar4", shape: bar, at: Point(x: c.x + 20, y: c.y + rows[3]), opacity: 0),
            ])
        return try! Scene(
            name: "menu", summary: "A menu button's four bars cross into a close ×, and back.",
            states: [open, closed], timing: .bezier(.easeInOut, duration: 0.35), delay: 0.2)
    }()

    /// A play triangle that splits into the two bars of pause.
    ///
    /// Two paths of four corners each, in a 24-point box: the triangle's left
    /// and right halves, which blend corner by corner into the pause bars
    /// (5 × 16 points, 4 apart). Ease-in-out over 0.3 s.
    public static let play: Scene = {
        let c = controlCentre
        let box = Size(width: 24, height: 24)
        func piece(_ key: String, _ corners: [(Double, Double)]) -> SceneElement {
            var elements: [ShapePath.Element] = [.move(to: Point(x: corners[0].0, y: corners[0].1))]
            for corner in corners.dropFirst() { elements.append(.line(to: Point(x: corner.0, y: corner.1))) }
            elements.append(.close)
            // A 24-point box, valid by construction.
            let shape = try! Shape.path(ShapePath(elements: elements), in: box, join: .round)
            return SceneElement(key: key, shape: shape, at: c)
        }
        let playing = SceneState(
            name: "play",
            elements: [
                piece("left", [(6, 3), (13.5, 7.5), (13.5, 16.5), (6, 21)]),
                piece("right", [(13.5, 7.5), (21, 12), (21, 12), (13.5, 16.5)]),
            ])
        let paused = SceneState(
            name: "pause",
            elements: [
                piece("left", [(5, 4), (10, 4), (10, 20), (5, 20)]),
                piece("right", [(14, 4), (19, 4), (19, 20), (14, 20)]),
            ])
        return try! Scene(
            name: "play", summary: "A play triangle splits into the two bars of pause, and back.",
            states: [playing, paused], timing: .bezier(.easeInOut, duration: 0.3))
    }()

    /// A checkbox whose check mark draws itself.
    ///
    /// Unchecked: a ring. Checked: a green disc pops in (from 60 % of its
    /// size) over the ring and a white check mark is drawn on it, start to end
    /// (`strokeEnd` 0 → 1), 0.15 s after the disc starts. Unchecking undraws
    /// the mark and shrinks the disc away. Ease-in-out over 0.45 s.
    public static let check: Scene = {
        let c = controlCentre
        let green = Tint(red: 0.18, green: 0.68, blue: 0.34, alpha: 1)
        let white = Tint(red: 1, green: 1, blue: 1, alpha: 1)
        // Constant sizes and path data, valid by construction.
        let ring = try! Shape.ellipse(width: 30, height: 30, fill: .none, stroke: .ink, lineWidth: 2.5)
        let disc = try! Shape.ellipse(width: 32, height: 32, fill: .color(green))
        let mark = try! Shape.path(
            svgPathData: "M 9 17 L 14 22 L 23 11", in: Size(width: 32, height: 32), fill: .none, stroke: .color(white),
            lineWidth: 3.2)
        var smallDisc = GlyphState.resting(at: c)
        smallDisc.opacity = 0
        smallDisc.scaleX = 0.6
        smallDisc.scaleY = 0.6
        let unchecked = SceneState(
            name: "unchecked",
            elements: [
                SceneElement(key: "ring", shape: ring, at: c),
                SceneElement(key: "disc", shape: disc, state: smallDisc),
                SceneElement(key: "mark", shape: mark, at: c, strokeEnd: 0),
            ])
        let checked = SceneState(
            name: "checked",
            elements: [
                SceneElement(key: "ring", shape: ring, at: c, opacity: 0),
                SceneElement(key: "disc", shape: disc, at: c),
                SceneElement(key: "mark", shape: mark, at: c, delay: 0.15),
            ])
        return try! Scene(
            name: "check", summary: "A checkbox: a disc pops in and a check mark draws itself, and back.",
            states: [unchecked, checked], timing: .bezier(.easeInOut, duration: 0.45))
    }()
}
