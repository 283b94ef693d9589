extension QRMatrix {
    /// The standard's score of how hard the symbol is to read (§7.8.3, rules N1–N4); the mask with the
    /// lowest score is chosen.
    var penalty: Int { penalty(includingFinderLike: true) }

    /// The score, without N3 when `includingFinderLike` is false (to test the rules apart).
    func penalty(includingFinderLike: Bool) -> Int {
        var score = 0
        for line in 0..<size {
            score += linePenalty(finderLike: includingFinderLike) { modules[line * size + $0] }  // a row
            score += linePenalty(finderLike: includingFinderLike) { modules[$0 * size + line] }  // a column
        }
        // N2: each 2×2 block of one colour scores 3.
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = self[x, y]
                if colour == self[x + 1, y] && colour == self[x, y + 1] && colour == self[x + 1, y + 1] { score += 3 }
            }
        }
        // N4: 10 for each full 5 % the dark share strays from 50 %.
        let dark = modules.reduce(0) { $0 + ($1 ? 1 : 0) }
        let total = size * size
        score += ((abs(dark * 20 - total * 10) + total - 1) / total - 1) * 10
        return score
    }

    /// N1 and N3 along one row or column, `module(i)` giving its i-th module.
    private func linePenalty(finderLike: Bool, _ module: (Int) -> Bool) -> Int {
        var score = 0
        // N1: a run of five or more modules of one colour scores 3, plus 1 for each module past five.
        var runColour = module(0), runLength = 1
        for index in 1..<size {
            if module(index) == runColour {
                runLength += 1
            } else {
                if runLength >= 5 { score += runLength - 2 }
                runColour = module(index)
                runLength = 1
            }
        }
        if runLength >= 5 { score += runLength - 2 }
        guard finderLike else { return score }
        // N3: the finder's 1:1:3:1:1 dark–light pattern with four light modules before or after it scores
        // 40. Beyond the edge is the quiet zone, which is light.
        func dark(_ index: Int) -> Bool { (0..<size).contains(index) && module(index) }
        let core: [Bool] = [true, false, true, true, true, false, true]
        for start in 0..<size {
            guard (0..<7).allSatisfy({ dark(start + $0) == core[$0] }) else { continue }
            let lightBefore = (1...4).allSatisfy { !dark(start - $0) }
            let lightAfter = (7..<11).allSatisfy { !dark(start + $0) }
            if lightBefore || lightAfter { score += 40 }
        }
        return score
    }
}
