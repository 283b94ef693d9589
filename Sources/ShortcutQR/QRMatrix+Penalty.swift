extension QRMatrix {
    /// The standard's score of how hard the symbol is to read (§7.8.3, rules N1–N4); the mask with the
    /// lowest score is chosen.
    var penalty: Int { penalty(includingFinderLike: true) }

    /// The score, without N3 when `includingFinderLike` is false (to test the rules apart).
    func penalty(includingFinderLike: Bool) -> Int {
        var score = 0
        // Each row and column copied into one buffer with four light modules (the quiet zone) on either
        // side, so that the rules below read plain array elements (8 masks × 2 × 177 lines at version 40).
        var line = [Bool](repeating: false, count: size + 8)
        for index in 0..<size {
            for position in 0..<size { line[position + 4] = modules[index * size + position] }  // a row
            score += linePenalty(line, finderLike: includingFinderLike)
            for position in 0..<size { line[position + 4] = modules[position * size + index] }  // a column
            score += linePenalty(line, finderLike: includingFinderLike)
        }
        // N2: each 2×2 block of one colour scores 3.
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = modules[y * size + x]
                if colour == modules[y * size + x + 1] && colour == modules[(y + 1) * size + x]
                    && colour == modules[(y + 1) * size + x + 1]
                {
                    score += 3
                }
            }
        }
        // N4: 10 for each full 5 % the dark share strays from 50 %.
        let dark = modules.reduce(0) { $0 + ($1 ? 1 : 0) }
        let total = size * size
        score += ((abs(dark * 20 - total * 10) + total - 1) / total - 1) * 10
        return score
    }

    /// N1 and N3 along one row or column: `line` holds it at 4..<(size + 4), light around it.
    private func linePenalty(_ line: [Bool], finderLike: Bool) -> Int {
        var score = 0
        // N1: a run of five or more modules of one colour scores 3, plus 1 for each module past five.
        var runLength = 1
        for index in 5..<(size + 4) {
            if line[index] == line[index - 1] {
                runLength += 1
            } else {
                if runLength >= 5 { score += runLength - 2 }
                runLength = 1
            }
        }
        if runLength >= 5 { score += runLength - 2 }
        guard finderLike else { return score }
        // N3: the finder's 1:1:3:1:1 dark–light pattern with four light modules before or after it scores 40.
        for start in 4...(size - 3) {
            guard line[start], !line[start + 1], line[start + 2], line[start + 3], line[start + 4], !line[start + 5],
                line[start + 6]
            else { continue }
            let lightBefore = !line[start - 1] && !line[start - 2] && !line[start - 3] && !line[start - 4]
            let lightAfter = !line[start + 7] && !line[start + 8] && !line[start + 9] && !line[start + 10]
            if lightBefore || lightAfter { score += 40 }
        }
        return score
    }
}
