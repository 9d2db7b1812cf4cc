import Animator
import Director

/// A path at every frame as numbers a `KeyframeTrack` thins: each frame's
/// point coordinates in order (2 decimals, what SVG path data prints), keyed
/// by the path's commands, so paths with the same commands blend point by
/// point and a change of commands is a step.
struct PathTrack {
    /// The coordinates at every frame; key 0 where there is no path, else 1 + the index of its commands.
    private(set) var track = KeyframeTrack()
    /// The distinct command lists, in the order they first appear.
    private var structures: [[UInt8]] = []
    /// The most coordinates of any frame.
    private(set) var width = 0

    /// The track of a path per frame (nil: none at that frame).
    init(_ paths: [ShapePath?]) {
        for path in paths {
            guard let path else {
                track.append([], key: 0)
                continue
            }
            var commands: [UInt8] = []
            var values: [Double] = []
            func add(_ points: Point...) {
                for p in points { values += [NumberFormat.rounded(p.x, 2), NumberFormat.rounded(p.y, 2)] }
            }
            for element in path.elements {
                switch element {
                case .move(let p): commands.append(0); add(p)
                case .line(let p): commands.append(1); add(p)
                case .quad(let c, let p): commands.append(2); add(c, p)
                case .cubic(let c1, let c2, let p): commands.append(3); add(c1, c2, p)
                case .close: commands.append(4)
                }
            }
            let index: Int
            if let known = structures.firstIndex(of: commands) {
                index = known
            } else {
                structures.append(commands)
                index = structures.count - 1
            }
            width = max(width, values.count)
            track.append(values, key: index + 1)
        }
    }

    /// Whether every frame has the same path.
    var isConstant: Bool {
        track.values.allSatisfy { $0 == track.values[0] } && track.keys.allSatisfy { $0 == track.keys[0] }
    }

    /// A hundredth of a point on every coordinate, for thinning.
    var tolerances: [Double] { Array(repeating: 0.01, count: width) }

    /// The path of a keyframe's coordinates and key; an empty path for key 0.
    func path(_ values: [Double], key: Int) -> ShapePath {
        guard key > 0 else { return .empty }
        var elements: [ShapePath.Element] = []
        var i = 0
        func point() -> Point {
            defer { i += 2 }
            return Point(x: values[i], y: values[i + 1])
        }
        for command in structures[key - 1] {
            switch command {
            case 0: elements.append(.move(to: point()))
            case 1: elements.append(.line(to: point()))
            case 2:
                let c = point()
                elements.append(.quad(control: c, to: point()))
            case 3:
                let c1 = point(), c2 = point()
                elements.append(.cubic(control1: c1, control2: c2, to: point()))
            default: elements.append(.close)
            }
        }
        return ShapePath(elements: elements)
    }

    /// SVG path data of a keyframe: "M 0 0" (nothing drawn) where there is no path.
    func svgData(_ values: [Double], key: Int) -> String {
        key == 0 ? "M 0 0" : path(values, key: key).svgPathData
    }

    /// SVG path data at frame `f`.
    func svgData(at f: Int) -> String { svgData(track.values[f], key: track.keys[f]) }
}

/// Shape sprites gathered by id over a recording's frames.
enum ShapeSamples {
    /// Every shape sprite id (in id order) with its sample, or nothing, at every frame.
    ///
    /// - Complexity: O(frames × shapes).
    static func byID(_ frames: [Frame]) -> [(id: Int32, samples: [ShapeSprite?])] {
        var ids: [Int32] = []
        var seen = Set<Int32>()
        for frame in frames {
            for shape in frame.shapes where seen.insert(shape.id).inserted { ids.append(shape.id) }
        }
        ids.sort()
        var slot: [Int32: Int] = [:]
        for (i, id) in ids.enumerated() { slot[id] = i }
        var samples = [[ShapeSprite?]](repeating: [ShapeSprite?](repeating: nil, count: frames.count), count: ids.count)
        for (f, frame) in frames.enumerated() {
            for shape in frame.shapes where shape.state.isFinite { samples[slot[shape.id]!][f] = shape }
        }
        return zip(ids, samples).map { ($0, $1) }
    }

    /// The layer a shape sprite is drawn in: that of its first sample.
    static func layer(_ samples: [ShapeSprite?]) -> ShapeSprite.Layer {
        samples.lazy.compactMap { $0 }.first?.layer ?? .belowText
    }
}
