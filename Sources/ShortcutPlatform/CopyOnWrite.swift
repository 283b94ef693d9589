/// A value kept in one shared box and copied when written while shared: a struct with many
/// reference-counted fields keeps them here, so that copying the struct costs one reference, not one per
/// field (`HTTPRequest` passes from parser to handler, `StoredPage` from the store's cache to each play).
///
/// Read through `value` (borrowed, so reading one field copies that field only); write through `value`
/// too (the box is made unique first).
package struct CopyOnWrite<Value> {
    @usableFromInline
    final class Box {
        /// Never written while shared (see `value`'s modify): so neither checked for exclusivity at run time
        /// nor a data race, which the `@unchecked Sendable` below rests on.
        @exclusivity(unchecked) @usableFromInline var value: Value

        @inlinable
        init(_ value: Value) { self.value = value }
    }

    @usableFromInline
    var box: Box

    @inlinable
    package init(_ value: Value) { box = Box(value) }

    @inlinable
    package var value: Value {
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }

    /// Whether nothing else holds the box: then writing `value` changes it in place, without a copy.
    @inlinable
    package mutating func isUnique() -> Bool { isKnownUniquelyReferenced(&box) }

    /// Whether `self` and `other` share one box (then their values are equal without looking).
    @inlinable
    package func isSharing(with other: CopyOnWrite) -> Bool { box === other.box }
}

extension CopyOnWrite: @unchecked Sendable where Value: Sendable {}
