import ShortcutPlatform

/// What the owner of a connection (its event loop) is to do after one of the connection's events. A
/// connection never reaches its owner: it says what it needs, and the owner does it, so effects flow one
/// way (owner -> connection -> action -> owner), as in Hummingbird's connection state machine.
/// All trivial fields: returning it costs no reference counting on the per-request path.
struct ConnectionAction: Equatable {
    /// Watch this from now on; nil: keep watching what is watched.
    var watch: PollInterest?
    /// Call the connection's `answerDelayed()` after this many nanoseconds (a handler's
    /// `HTTPResponse.delay`); nil: nothing to schedule.
    var answerDelayedAfter: UInt64?
    /// Start the connection's deferred work (`Connection.takeDeferredWork`) and hand its answer to
    /// `answerDeferred`. A flag, not the work itself: the action stays trivial.
    var startsDeferredWork = false
    /// The connection is finished: take it out of the poller, close its socket, forget it.
    var close = false
    /// With `close`: the connection was upgraded (a 101 with `HTTPResponse.upgrade`): take it out of the
    /// poller and the table, and hand its socket over (`Connection.takeUpgrade`) instead of closing it.
    var detach = false

    /// Nothing to do.
    static let none = ConnectionAction()
    /// Close the connection.
    static let close = ConnectionAction(close: true)
    /// Hand the connection over.
    static let detach = ConnectionAction(close: true, detach: true)
}
