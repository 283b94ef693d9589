/// Runs a ``RegexProgram`` over a text by simulating all NFA threads in lock step (Thompson's algorithm as Pike's
/// VM runs it, without captures): each text position holds at most one thread per instruction, so a call costs
/// O(instructions × scalars) steps and O(instructions) memory, whatever the pattern. No backtracking, so no
/// catastrophic cases; the step budget bounds even the linear cost.
struct PikeVM {
    /// How a run ended.
    enum Outcome {
        case matched
        case failed
        case overBudget
    }

    private let program: RegexProgram
    private let maxSteps: Int

    /// A VM for `program` that gives up after `maxSteps` steps.
    init(program: RegexProgram, maxSteps: Int) {
        self.program = program
        self.maxSteps = maxSteps
    }

    /// Whether the program matches the whole text (`anchored`, Java's `matches()`) or some part of it
    /// (Java's `find()`).
    func run(_ text: String, anchored: Bool) throws(RegexError) -> Bool {
        let count = program.instructions.count
        // The run reads instructions and bitmaps through pointers and keeps its thread lists and stack in one
        // scratch allocation: with array accessors, 50 million steps took 14 s in a debug build; this way, under 2 s.
        let outcome = program.instructions.withUnsafeBufferPointer { instructions in
            program.asciiBitmaps.withUnsafeBufferPointer { bitmaps in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: 6 * count + 2) { scratch in
                    guard let code = instructions.baseAddress, let memory = scratch.baseAddress else { return Outcome.failed }
                    memory.initialize(repeating: 0, count: scratch.count)
                    var run = PikeRun(
                        code: code, bitmaps: bitmaps.baseAddress, classes: program.classes, memory: memory, count: count,
                        maxSteps: maxSteps, anchored: anchored)
                    return run.run(text, tracksMarks: program.testsWordBoundaries)
                }
            }
        }
        switch outcome {
        case .matched: return true
        case .failed: return false
        case .overBudget:
            throw RegexError(.workLimit, "matching took more than \(maxSteps) steps (maxSteps); the pattern is too large for this text")
        }
    }
}

/// One match call's state over memory ``PikeVM`` lends it for the call's duration.
private struct PikeRun {
    let code: UnsafePointer<RegexProgram.Instruction>
    let bitmaps: UnsafePointer<UInt64>?
    let classes: [ScalarClass]
    let maxSteps: Int
    let anchored: Bool
    /// The threads at the current position and at the next: sparse sets of instruction indices.
    var current: ThreadList
    var next: ThreadList
    /// The pending instructions of the closure being computed; at most two pushes per visited instruction.
    let stack: UnsafeMutablePointer<Int32>
    var steps = 0

    init(
        code: UnsafePointer<RegexProgram.Instruction>, bitmaps: UnsafePointer<UInt64>?, classes: [ScalarClass],
        memory: UnsafeMutablePointer<Int32>, count: Int, maxSteps: Int, anchored: Bool
    ) {
        self.code = code
        self.bitmaps = bitmaps
        self.classes = classes
        self.maxSteps = maxSteps
        self.anchored = anchored
        current = ThreadList(dense: memory, sparse: memory + count)
        next = ThreadList(dense: memory + 2 * count, sparse: memory + 3 * count)
        stack = memory + 4 * count
    }

    mutating func run(_ text: String, tracksMarks: Bool) -> PikeVM.Outcome {
        var window = TextWindow(text, tracksMarks: tracksMarks)
        if let outcome = addClosure(from: 0, at: window, toNext: false) { return outcome }
        while let scalar = window.here {
            window.advance()
            next.count = 0
            var index: Int32 = 0
            while index < current.count {
                let pc = Int(current.dense[Int(index)])
                index += 1
                let accepts: Bool
                switch code[pc] {
                case .scalar(let value): accepts = value == scalar
                case .oneOf(let set): accepts = contains(set, scalar)
                case .anyScalar: accepts = true
                default: accepts = false
                }
                if accepts, let outcome = addClosure(from: pc + 1, at: window, toNext: true) { return outcome }
            }
            // find(): a new attempt starts at every position, merged into the threads already running.
            if !anchored, let outcome = addClosure(from: 0, at: window, toNext: true) { return outcome }
            swap(&current, &next)
            if anchored, current.count == 0 { return .failed }
        }
        return .failed
    }

    /// Whether `classes[set]` holds `value`, from the bitmap for ASCII.
    private func contains(_ set: Int, _ value: UInt32) -> Bool {
        if value < 128, let bitmaps {
            return bitmaps[2 * set + Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
        }
        return classes[set].contains(value)
    }

    /// Adds every instruction reachable from `start` without consuming text at this position (following jumps,
    /// splits and passing assertions) to the current or next list, once each. Returns `.matched` when that
    /// reaches an accepted match, `.overBudget` past the step limit, nil otherwise.
    private mutating func addClosure(from start: Int, at window: TextWindow, toNext: Bool) -> PikeVM.Outcome? {
        // The list's pointers and count live in locals for the loop: the hottest code of the engine.
        let list = toNext ? next : current
        let dense = list.dense
        let sparse = list.sparse
        var count = list.count
        defer {
            if toNext { next.count = count } else { current.count = count }
        }
        var depth = 1
        stack[0] = Int32(start)
        while depth > 0 {
            depth -= 1
            let pc = Int(stack[depth])
            let slot = sparse[pc]
            if slot < count, dense[Int(slot)] == Int32(pc) { continue }
            sparse[pc] = count
            dense[Int(count)] = Int32(pc)
            count += 1
            steps += 1
            if steps > maxSteps { return .overBudget }
            switch code[pc] {
            case .jump(let target):
                stack[depth] = Int32(target)
                depth += 1
            case .split(let first, let second):
                stack[depth] = Int32(second)
                stack[depth + 1] = Int32(first)
                depth += 2
            case .assert(let assertion):
                if window.holds(assertion) {
                    stack[depth] = Int32(pc + 1)
                    depth += 1
                }
            case .notFollowedBy(let set):
                if window.here.map({ !contains(set, $0) }) ?? true {
                    stack[depth] = Int32(pc + 1)
                    depth += 1
                }
            case .match:
                // matches() accepts only at the end of the text; find() accepts anywhere.
                if !anchored || window.here == nil { return .matched }
            case .scalar, .oneOf, .anyScalar:
                break
            }
        }
        return nil
    }
}

/// A set of instruction indices with O(1) insert, membership and clear, in insertion order (Briggs and Torczon's
/// sparse set), over memory lent by ``PikeVM``: `pc` is in the set when `dense[sparse[pc]] == pc` below `count`.
private struct ThreadList {
    let dense: UnsafeMutablePointer<Int32>
    let sparse: UnsafeMutablePointer<Int32>
    /// How many indices the list holds.
    var count: Int32 = 0

    init(dense: UnsafeMutablePointer<Int32>, sparse: UnsafeMutablePointer<Int32>) {
        self.dense = dense
        self.sparse = sparse
    }
}
