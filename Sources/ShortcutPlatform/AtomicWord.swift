import CSystemShims

/// A 64-bit word that threads read and write without a lock (C11 atomics: acquire loads, release stores).
/// For counters and stamps read on every request, where even an uncontended lock (two calls into
/// pthread) would be a visible share of the work. A class: the word must stay at one address. `@inlinable`:
/// a load is then one instruction in the caller, not a call into this module.
package final class AtomicWord: @unchecked Sendable {
    @usableFromInline let word: UnsafeMutablePointer<UInt64>

    package init(_ value: UInt64 = 0) {
        word = .allocate(capacity: 1)
        word.initialize(to: value)
    }

    deinit {
        word.deallocate()
    }

    /// The value, with everything written before the store that set it.
    @inlinable
    package func load() -> UInt64 { CSystemShims_atomicLoad(word) }

    /// Sets the value; what was written before is seen by whoever loads it.
    @inlinable
    package func store(_ value: UInt64) { CSystemShims_atomicStore(word, value) }

    /// Adds one (wrapping) and returns the new value.
    @discardableResult
    @inlinable
    package func increment() -> UInt64 { CSystemShims_atomicIncrement(word) }
}
