/// Turns a ``RegexNode`` into a ``RegexProgram``, counting first so that an oversized program (counted repeats
/// multiply) is refused before any of it is built.
struct RegexCompiler {
    private var instructions: [RegexProgram.Instruction] = []
    private var classes: [ScalarClass] = []
    /// Each distinct class once: counted repeats emit the same class many times.
    private var classIndices: [ScalarClass: Int] = [:]

    /// The program for `node`, or a `programTooLarge` error if it would need more than `limits.maxInstructions`.
    static func compile(_ node: RegexNode, limits: RegexLimits) throws(RegexError) -> RegexProgram {
        let cap = add(Swift.max(limits.maxInstructions, 0), 1, cap: Int.max)
        let size = Self.add(Self.size(of: node, cap: cap), 1, cap: cap)
        guard size <= limits.maxInstructions else {
            throw RegexError(
                .programTooLarge,
                "the compiled pattern needs more than \(limits.maxInstructions) instructions (maxInstructions); "
                    + "counted repeats such as {1000} are expanded, so reduce their counts")
        }
        var compiler = RegexCompiler()
        compiler.instructions.reserveCapacity(size)
        compiler.emit(node)
        compiler.instructions.append(.match)
        assert(compiler.instructions.count == size, "size(of:) and emit(_:) disagree")
        return RegexProgram(instructions: compiler.instructions, classes: compiler.classes)
    }

    // MARK: Counting

    /// The instructions `emit(node)` appends, saturating at `cap` (every result at or above it is refused).
    static func size(of node: RegexNode, cap: Int) -> Int {
        switch node {
        case .empty:
            return 0
        case .scalar, .oneOf, .anyScalar, .assertion:
            return 1
        case .concatenation(let nodes):
            return nodes.reduce(0) { add($0, size(of: $1, cap: cap), cap: cap) }
        case .alternation(let nodes):
            // One split and one jump for every branch but the last.
            let branches = nodes.reduce(0) { add($0, size(of: $1, cap: cap), cap: cap) }
            return add(branches, 2 * (nodes.count - 1), cap: cap)
        case .repetition(let node, let min, let max, let possessive):
            if node.isZeroWidth { return min >= 1 && max != 0 ? size(of: node, cap: cap) : 0 }
            if possessive != nil {
                // Each copy is one class test; optional copies add a split; the exit adds a jump and a test.
                guard let max else { return add(min, 4, cap: cap) }
                return max > min ? add(min, add(multiply(2, max - min, cap: cap), 2, cap: cap), cap: cap) : min
            }
            let body = size(of: node, cap: cap)
            let required = multiply(min, body, cap: cap)
            guard let max else { return add(required, min == 0 ? add(body, 2, cap: cap) : 1, cap: cap) }
            return add(required, multiply(max - min, add(body, 1, cap: cap), cap: cap), cap: cap)
        }
    }

    private static func add(_ left: Int, _ right: Int, cap: Int) -> Int {
        let (sum, overflow) = left.addingReportingOverflow(right)
        return overflow ? cap : Swift.min(cap, sum)
    }

    private static func multiply(_ count: Int, _ size: Int, cap: Int) -> Int {
        let (product, overflow) = count.multipliedReportingOverflow(by: size)
        return overflow ? cap : Swift.min(cap, product)
    }

    // MARK: Emitting

    private mutating func append(_ instruction: RegexProgram.Instruction) -> Int {
        instructions.append(instruction)
        return instructions.count - 1
    }

    private mutating func classIndex(_ set: ScalarClass) -> Int {
        if let index = classIndices[set] { return index }
        classes.append(set)
        classIndices[set] = classes.count - 1
        return classes.count - 1
    }

    private mutating func emit(_ node: RegexNode) {
        switch node {
        case .empty:
            break
        case .scalar(let value):
            _ = append(.scalar(value))
        case .oneOf(let set):
            _ = append(.oneOf(classIndex(set)))
        case .anyScalar:
            _ = append(.anyScalar)
        case .assertion(let assertion):
            _ = append(.assert(assertion))
        case .concatenation(let nodes):
            for node in nodes { emit(node) }
        case .alternation(let nodes):
            emitAlternation(nodes)
        case .repetition(let node, let min, let max, let possessive):
            if node.isZeroWidth {
                // Zero-width matches repeat to the same place: once if required, else not at all.
                if min >= 1, max != 0 { emit(node) }
            } else if let possessive {
                emitPossessive(possessive, min: min, max: max)
            } else {
                emitRepetition(node, min: min, max: max)
            }
        }
    }

    /// `split(b1, next); b1; jump end; next: split(b2, …) …; bn; end:`.
    private mutating func emitAlternation(_ nodes: [RegexNode]) {
        var jumps: [Int] = []
        for (index, node) in nodes.enumerated() {
            guard index < nodes.count - 1 else {
                emit(node)
                break
            }
            let split = append(.split(0, 0))
            emit(node)
            jumps.append(append(.jump(0)))
            instructions[split] = .split(split + 1, instructions.count)
        }
        for jump in jumps { instructions[jump] = .jump(instructions.count) }
    }

    /// Greedy or lazy: the node `min` times, then a loop (`max` nil) or `max - min` optional copies.
    private mutating func emitRepetition(_ node: RegexNode, min: Int, max: Int?) {
        guard let max else {
            if min == 0 {
                // loop: split(body, exit); body; jump loop; exit:
                let loop = append(.split(0, 0))
                emit(node)
                _ = append(.jump(loop))
                instructions[loop] = .split(loop + 1, instructions.count)
            } else {
                for _ in 0..<(min - 1) { emit(node) }
                // body: node; split(body, exit); exit:
                let body = instructions.count
                emit(node)
                let split = append(.split(0, 0))
                instructions[split] = .split(body, split + 1)
            }
            return
        }
        for _ in 0..<min { emit(node) }
        var splits: [Int] = []
        for _ in 0..<(max - min) {
            splits.append(append(.split(0, 0)))
            emit(node)
        }
        for split in splits { instructions[split] = .split(split + 1, instructions.count) }
    }

    /// Possessive on one class: take `min`, then keep taking while the next scalar is in the class (up to
    /// `max`); the only way out before `max` is `notFollowedBy`, so exactly the whole run is taken.
    private mutating func emitPossessive(_ set: ScalarClass, min: Int, max: Int?) {
        let index = classIndex(set)
        for _ in 0..<min { _ = append(.oneOf(index)) }
        guard let max else {
            let loop = append(.split(0, 0))
            _ = append(.oneOf(index))
            _ = append(.jump(loop))
            instructions[loop] = .split(loop + 1, instructions.count)
            _ = append(.notFollowedBy(index))
            return
        }
        guard max > min else { return }
        var splits: [Int] = []
        for _ in 0..<(max - min) {
            splits.append(append(.split(0, 0)))
            _ = append(.oneOf(index))
        }
        let done = append(.jump(0))
        let exit = append(.notFollowedBy(index))
        instructions[done] = .jump(instructions.count)
        for split in splits { instructions[split] = .split(split + 1, exit) }
    }
}
