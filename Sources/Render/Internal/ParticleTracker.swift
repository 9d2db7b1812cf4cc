import Animator
import Director

/// Follows particles from frame to frame so each can be one animated circle.
///
/// Frames list particles without identities, so identities are inferred: a
/// particle continues the track of the same colour whose predicted position
/// (last position plus last step) is nearest, within a gate of a few points;
/// pairs are taken nearest first, ties in track then list order, so the result
/// is deterministic. Particles move at most a few points per frame and live
/// for many frames, so crossings that could swap two tracks are rare and, as
/// the two look alike, invisible.
struct ParticleTrack {
    var startFrame: Int
    var samples: [Particle]

    var endFrame: Int { startFrame + samples.count - 1 }

    var colorKey: Tint { samples[0].color }
}

enum ParticleTracker {
    static func tracks(_ frames: [Frame], limit: Int) -> [ParticleTrack] {
        var tracks: [ParticleTrack] = []
        var open: [Int] = []  // indices of tracks that reached the previous frame
        for (f, frame) in frames.enumerated() {
            let particles = frame.particles.filter { $0.position.x.isFinite && $0.position.y.isFinite && $0.radius.isFinite }
            var pairs: [(distance: Double, track: Int, particle: Int)] = []
            for (slot, t) in open.enumerated() {
                let samples = tracks[t].samples
                let last = samples[samples.count - 1]
                let step = samples.count > 1 ? last.position - samples[samples.count - 2].position : .zero
                let predicted = last.position + step
                let gate = 1.5 + 2 * step.length + max(last.radius, 0)
                for (i, p) in particles.enumerated() where p.color == last.color {
                    let d = (p.position - predicted).length
                    if d <= gate { pairs.append((d, slot, i)) }
                }
            }
            pairs.sort { ($0.distance, $0.track, $0.particle) < ($1.distance, $1.track, $1.particle) }
            var takenTrack = [Bool](repeating: false, count: open.count)
            var takenParticle = [Bool](repeating: false, count: particles.count)
            var next: [Int] = []
            for pair in pairs where !takenTrack[pair.track] && !takenParticle[pair.particle] {
                takenTrack[pair.track] = true
                takenParticle[pair.particle] = true
                tracks[open[pair.track]].samples.append(particles[pair.particle])
                next.append(open[pair.track])
            }
            for (i, p) in particles.enumerated() where !takenParticle[i] {
                next.append(tracks.count)
                tracks.append(ParticleTrack(startFrame: f, samples: [p]))
            }
            open = next
        }
        guard tracks.count > limit else { return tracks }
        // Keep the longest-lived tracks; the rest are brief glints.
        let kept = tracks.indices.sorted { (-tracks[$0].samples.count, $0) < (-tracks[$1].samples.count, $1) }.prefix(limit)
        return kept.sorted().map { tracks[$0] }
    }
}
