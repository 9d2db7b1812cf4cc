import LegacyAnalyzer

/// A handle that a ``SpritePool`` refused.
///
/// Errors compare equal when they are the same kind of failure, whichever
/// handle caused them, so they can be matched against the static values:
///
/// ```swift
/// do {
///     try pool.checkin(handle)
/// } catch .alreadyCheckedIn {
///     // the sprite was returned before; nothing was changed
/// } catch {
///     print(error)   // says which handle and why
/// }
/// ```
///
/// A refused handle never changes the pool: the sprite that now lives in the
/// handle's slot, if any, is untouched.
public struct PoolError: KinetypeError {
    public typealias Code = ErrorCode<PoolError>

    /// The kind of failure.
    public let code: Code

    /// The handle the pool refused; `nil` in the static values used for matching.
    public let handle: SpriteHandle?

    private init(_ code: Code, _ handle: SpriteHandle?) {
        self.code = code
        self.handle = handle
    }

    /// The handle's sprite was checked in and its slot has since been given to
    /// another sprite.
    public static var staleHandle: PoolError { PoolError(.staleHandle, nil) }

    /// The handle's sprite was already checked in (a double checkin).
    public static var alreadyCheckedIn: PoolError { PoolError(.alreadyCheckedIn, nil) }

    /// The handle was not issued by this pool, or names a slot that
    /// ``SpritePool/trim()`` has released.
    public static var unknownHandle: PoolError { PoolError(.unknownHandle, nil) }

    internal static func staleHandle(_ handle: SpriteHandle) -> PoolError { PoolError(.staleHandle, handle) }
    internal static func alreadyCheckedIn(_ handle: SpriteHandle) -> PoolError { PoolError(.alreadyCheckedIn, handle) }
    internal static func unknownHandle(_ handle: SpriteHandle) -> PoolError { PoolError(.unknownHandle, handle) }

    /// What went wrong and what to do about it.
    public var message: String {
        let subject = handle.map { "\($0)" } ?? "The handle"
        switch code {
        case .staleHandle:
            return "\(subject) is stale: its sprite was checked in and the slot now belongs to a newer sprite. "
                + "Forget a handle once its sprite is checked in; the pool refused it and changed nothing."
        case .alreadyCheckedIn:
            return "\(subject) was already checked in: a sprite can be checked in only once. "
                + "Forget a handle once its sprite is checked in; the pool refused it and changed nothing."
        default:
            return "\(subject) does not belong to this pool: its slot was released by trim() or it was issued by "
                + "another pool. Use a handle only with the pool that issued it; the pool refused it and changed nothing."
        }
    }
}

extension ErrorCode where Failure == PoolError {
    /// See ``PoolError/staleHandle``.
    public static var staleHandle: Self { Self("staleHandle") }
    /// See ``PoolError/alreadyCheckedIn``.
    public static var alreadyCheckedIn: Self { Self("alreadyCheckedIn") }
    /// See ``PoolError/unknownHandle``.
    public static var unknownHandle: Self { Self("unknownHandle") }
}
