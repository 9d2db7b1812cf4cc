import Animator

/// Seeded generators and helpers shared by the test targets.
///
/// Everything random takes a `SeededRandom`, so a failing property test can be
/// replayed from the seed it prints.
public enum TestSupport {}
