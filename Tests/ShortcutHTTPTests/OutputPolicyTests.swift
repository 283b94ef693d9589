import Testing

@testable import ShortcutHTTP

/// `OutputPolicy`'s three rules, each at its edge.
@Suite struct OutputPolicyTests {
    @Test func bodiesAreAttachedFromTheThresholdOn() {
        #expect(OutputPolicy.attachThreshold == 2048)
        #expect(!OutputPolicy.attaches(bodyCount: 2047))
        #expect(OutputPolicy.attaches(bodyCount: 2048))
        #expect(!OutputPolicy.attaches(bodyCount: 0))
    }

    @Test func aConnectionHasRoomUnderTheBoundAndNoneAtIt() {
        let policy = OutputPolicy(maxPendingBytes: ServerLimits().maxPendingOutputBytes)
        #expect(policy.maxPendingBytes == 1 << 20)
        #expect(policy.hasRoom(pending: 0))
        #expect(policy.hasRoom(pending: (1 << 20) - 1))
        #expect(!policy.hasRoom(pending: 1 << 20))
        #expect(!policy.hasRoom(pending: (1 << 20) + 1))
    }

    @Test func aReturnedBufferIsKeptUpToOneMebibyteOfCapacity() {
        #expect(OutputPolicy.maxKeptCapacity == 1 << 20)
        #expect(OutputPolicy.keeps(capacity: 1 << 20, over: 0))
        #expect(!OutputPolicy.keeps(capacity: (1 << 20) + 1, over: 0), "a buffer grown for a huge answer is dropped")
        // Only a larger buffer replaces the spare one.
        #expect(OutputPolicy.keeps(capacity: 4097, over: 4096))
        #expect(!OutputPolicy.keeps(capacity: 4096, over: 4096))
        #expect(!OutputPolicy.keeps(capacity: 100, over: 4096))
    }

    @Test func theLentBufferComesBackEmptyWithItsCapacity() {
        var policy = OutputPolicy.Lender()
        var buffer = policy.lend()
        #expect(buffer.isEmpty)
        buffer.append(contentsOf: [UInt8](repeating: 0x61, count: 5000))
        let capacity = buffer.capacity
        policy.takeBack(&buffer)
        #expect(buffer.isEmpty && buffer.capacity == 0, "the connection keeps nothing")
        #expect(policy.spareCapacity == capacity)
        let again = policy.lend()
        #expect(again.isEmpty && again.capacity == capacity, "the next pass reuses it")
        #expect(policy.spareCapacity == 0, "lent: one connection at a time")
    }

    @Test func aHugeBufferIsDroppedAndTheSpareKept() {
        var policy = OutputPolicy.Lender()
        var small: [UInt8] = []
        small.reserveCapacity(4096)
        let kept = small.capacity
        policy.takeBack(&small)
        #expect(policy.spareCapacity == kept)
        var huge: [UInt8] = []
        huge.reserveCapacity((1 << 20) + 1)
        policy.takeBack(&huge)
        #expect(huge.capacity == 0, "the connection keeps nothing either")
        #expect(policy.spareCapacity == kept, "the huge one is dropped, the spare stays")
    }
}
