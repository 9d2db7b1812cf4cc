import Animator

/// Seeded generators shared by the test targets.
public enum TestSupport {}
