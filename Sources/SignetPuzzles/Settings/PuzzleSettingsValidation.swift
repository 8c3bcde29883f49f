extension PuzzleSettings {
    /// Checks the settings against what the server offers and against `limits`, and throws
    /// the first problem (the order of `problems(against:limits:)`).
    public func validate(
        against offered: CapabilitySet, limits: PuzzleSettingsLimits = .standard
    ) throws(PuzzleSettingsError) {
        if let first = problems(against: offered, limits: limits).first {
            throw first
        }
    }

    /// Every problem with the settings, in this order: `width`, `height` (1…maxSide),
    /// `words` (1…maxWords), `minLength` and `maxLength` (minWordLength…maxSide),
    /// `minLength ≤ maxLength`, each capability offered and listed once, at least one
    /// direction, and `minLength` no longer than the longest line in the chosen directions
    /// (longer words are never chosen, so `maxLength` may exceed it).
    public func problems(
        against offered: CapabilitySet, limits: PuzzleSettingsLimits = .standard
    ) -> [PuzzleSettingsError] {
        var problems: [PuzzleSettingsError] = []
        let lengths = limits.minWordLength...max(limits.minWordLength, limits.maxSide)
        let ranges: [(String, Int, ClosedRange<Int>)] = [
            ("width", width, 1...max(1, limits.maxSide)),
            ("height", height, 1...max(1, limits.maxSide)),
            ("words", words, 1...max(1, limits.maxWords)),
            ("minLength", minLength, lengths),
            ("maxLength", maxLength, lengths),
        ]
        for (field, value, allowed) in ranges where !allowed.contains(value) {
            problems.append(.outOfRange(field: field, value: value, allowed: allowed))
        }
        if minLength > maxLength {
            problems.append(.minLengthAboveMaxLength(minLength: minLength, maxLength: maxLength))
        }
        var seen: Set<String> = []
        for keyword in capabilities {
            if !seen.insert(keyword).inserted {
                problems.append(.duplicateCapability(keyword: keyword))
            } else if !offered.contains(keyword: keyword) {
                problems.append(.unsupportedCapability(keyword: keyword, offered: offered.keywords))
            }
        }
        let chosen = directions(offered: offered)
        if chosen.isEmpty {
            problems.append(.noDirection(offered: offered.directions.map(\.rawValue)))
        } else if width >= 1, height >= 1 {
            let longest = chosen.map { $0.longestLine(width: width, height: height) }.max() ?? 0
            if minLength > longest {
                problems.append(.wordsDoNotFit(
                    minLength: minLength, longestLine: longest, directions: chosen.map(\.rawValue)))
            }
        }
        return problems
    }

    /// The known directions among the chosen keywords that `offered` has, in request order.
    public func directions(offered: CapabilitySet) -> [DirectionCapability] {
        var seen: Set<DirectionCapability> = []
        return capabilities.compactMap { keyword in
            guard offered.contains(keyword: keyword), let direction = DirectionCapability(rawValue: keyword),
                  seen.insert(direction).inserted else { return nil }
            return direction
        }
    }
}
