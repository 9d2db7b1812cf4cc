/// Longest common subsequence of two integer sequences, the engine under the
/// morph diff, with earliest-match tie-breaking and a work budget.
///
/// **Ties.** Walking both sequences from the start, equal tokens are matched
/// at once, and otherwise an old token is passed over whenever that keeps the
/// subsequence longest (else the new token is). So "x" against "y x x" keeps
/// the first "x": the positions in the new sequence are the earliest a longest
/// common subsequence can have. Every path below (prefix trimming, the
/// one-word kernels, Myers' kernel, the banded kernel, the tokens found on
/// both sides only) produces exactly this result; only the budget fallback is
/// coarser.
///
/// **Algorithm.** The common prefix is matched first (it agrees with the tie
/// rule; the common suffix would not, so it is left to the kernels). An old
/// side of at most 64 tokens takes one machine word per row. Otherwise, few
/// edits go to Myers' O((*n* + *m*) · *D*) search (see `matchMyers`), bounded
/// by a lower bound of *D* when one is known, and many to the bit-parallel LCS
/// of Allison–Dix and Hyyrö: old tokens are bits, one 64-bit word per 64
/// tokens, and each new token is one row of add-and-mask operations. Myers'
/// kernel gives up once it has done about as much work as the bit-parallel
/// one would, handing over what it has proved of *D*. Both kernels run on the
/// reversed sequences, so that the usual backward traceback walks the
/// original texts forwards and yields the earliest matches.
///
/// The bit-parallel rows are restricted to a diagonal band that must contain
/// every optimal path: an alignment with *D* unmatched tokens never strays
/// more than about *D*/2 diagonals from the main one. The band starts from a
/// lower bound of *D* (token count differences) and widens until the band's
/// own result proves it wide enough (its *D* fits the band), so similar texts
/// cost O((*n* + *m*) · *D* / 64) rather than O(*n* · *m* / 64).
///
/// **Budget.** Every banded run is charged its cells (rows × band width in
/// bits), and Myers' work its diagonals and steps. A run that would exceed the
/// remaining budget is not started; instead the problem is cut into aligned
/// blocks of at most `fallbackBlockLength` tokens a side (the *k*-th block of
/// the old sequence against the *k*-th block of the new one), each solved
/// exactly. Matches then never cross a block boundary: a valid but possibly
/// shorter subsequence.
struct SubsequenceMatcher: ~Copyable {
    /// The longest side of a block when the budget is exhausted.
    static let fallbackBlockLength = 1024
    /// The banded kernel's cost per band word and row, in units of Myers' work
    /// per diagonal, with small and large alphabets (measured on the bench's
    /// text families, glyphs and words: a diagonal costs about 20 to 35
    /// instructions, a band word about 15 with dense masks and 60 with sparse
    /// ones; the sparse cost is kept lower, so that Myers' kernel gives up
    /// early on long texts that differ much, where the time it spent is lost).
    static let denseRowCost = 0.6
    static let sparseRowCost = 1.0
    /// The most work Myers' kernel does on one run (its memory grows with its work).
    static let myersWorkCap = 1 << 21

    /// Tokens are in `0..<tokenLimit`.
    let tokenLimit: Int
    /// Cells (token pairs) that banded runs may still examine.
    var remainingBudget: Int
    /// Compact symbol of each token during a run, else −1. Allocated on first use.
    var slots: UnsafeMutablePointer<Int32>?
    /// The single-word kernel's mask of each token (entries cleared as used). Allocated on first use.
    var masks: UnsafeMutablePointer<UInt64>?
    /// A factor on Myers' work allowance: 0 runs the bit-parallel kernels alone
    /// (the word level, where edits are dense among few tokens and Myers loses,
    /// and tests).
    var myersAllowance = 1.0

    init(tokenLimit: Int, budget: Int) {
        self.tokenLimit = tokenLimit
        self.remainingBudget = max(0, budget)
    }

    deinit {
        slots?.deallocate()
        masks?.deallocate()
    }

    /// Matches `old` against `new`, writing `matchOfNew[j] = offset + i` for
    /// every matched pair (old `i`, new `j`). Entries must be −1 on entry;
    /// unmatched ones stay −1.
    ///
    /// - Complexity: O(*n* + *m* + (*n* + *m*) · *D* / 64) for *D* unmatched
    ///   tokens, within the budget; beyond it O((*n* + *m*) · 1024 / 64).
    ///
    /// `barriers[j]`, when given, marks the new tokens that follow tokens taken
    /// out of the new sequence (see `matchCommonTokens`): before such a token
    /// the walk of the tie rule passes old tokens over for as long as that
    /// keeps the subsequence longest, as it would have at the tokens taken out.
    ///
    /// `lowerBound`, when known, is a lower bound of the unmatched tokens: with
    /// it, a run that Myers' kernel would give up on goes to the bit-parallel
    /// kernel at once.
    mutating func match(
        old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>,
        into matchOfNew: UnsafeMutablePointer<Int32>, offset: Int32 = 0, barriers: UnsafePointer<Bool>? = nil,
        lowerBound: Int = 0
    ) {
        match(
            old: old, new: new, into: matchOfNew, offset: offset, barriers: barriers, lowerBound: lowerBound,
            budgeted: true)
    }

    /// `offset` is added to every old index written.
    ///
    /// Out of line in Embedded Swift: the Analyzer calls it from two dozen
    /// places, and inlined at each it made 30 KB of kinetype.wasm. Natively it
    /// stays inlinable: there the optimiser inlines Myers' kernel with it, and
    /// a CJK diff takes 3 % more instructions without (perf-gate).
    #if hasFeature(Embedded)
    @inline(never)
    #endif
    private mutating func match(
        old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>,
        into matchOfNew: UnsafeMutablePointer<Int32>, offset: Int32, barriers: UnsafePointer<Bool>?,
        lowerBound knownLowerBound: Int = 0, budgeted: Bool
    ) {
        var prefix = 0
        let shorter = min(old.count, new.count)
        while prefix < shorter, old[prefix] == new[prefix], barriers?[prefix] != true {
            matchOfNew[prefix] = offset + Int32(prefix)
            prefix += 1
        }
        let restOld = UnsafeBufferPointer(rebasing: old[prefix...])
        let restNew = UnsafeBufferPointer(rebasing: new[prefix...])
        guard !restOld.isEmpty, !restNew.isEmpty else { return }
        let output = matchOfNew + prefix
        let restOffset = offset + Int32(prefix)
        let restBarriers = barriers.map { $0 + prefix }
        if restOld.count <= 64 {
            matchSingleWord(old: restOld, new: restNew, into: output, offset: restOffset, barriers: restBarriers)
            return
        }
        // Few edits: Myers, whose work grows with the edits, not the alphabet or
        // the length squared. It gives up once it has done about as much work
        // as the banded kernel would, handing over what it has proved of D.
        // Many distinct tokens (words, CJK) make the banded kernel's rows dearer.
        let rowCost = (tokenLimit > 512 ? Self.sparseRowCost : Self.denseRowCost) * myersAllowance
        let workCap = min(Self.myersWorkCap, remainingBudget)
        let rows = Double(restNew.count), both = restOld.count + restNew.count
        // What the banded kernel would spend on a band that wide, in Myers' units.
        let banded = { (d: Int) in Int(rows * ((Double(d) * 1.125 + 32) / 64 + 2) * rowCost) + both }
        var proved = knownLowerBound
        // With a lower bound L of D, Myers' kernel is given a bound U a little
        // above it, which confines its rounds to the diagonals near the end's
        // (see `matchMyers`); its work is then at least those rounds' diagonals
        // plus a walk down the texts.
        let bound = proved > 0 ? proved + proved / 8 + 16 : 0
        let diagonals = bound > 0 ? Self.diagonals(bound: bound, end: restOld.count - restNew.count) : proved * (proved + 1) / 2
        if myersAllowance > 0 && diagonals + both <= banded(proved) {
            var work = 0
            let lowerBound = matchMyers(
                old: restOld, new: restNew, into: output, offset: restOffset, barriers: restBarriers, bound: bound,
                workCap: workCap, work: &work, limit: banded)
            if budgeted { remainingBudget -= min(work, remainingBudget) }
            guard let lowerBound else { return }
            proved = max(proved, lowerBound)
        }
        if !matchBanded(
            old: restOld, new: restNew, into: output, offset: restOffset, barriers: restBarriers, budgeted: budgeted,
            knownLowerBound: proved)
        {
            matchInBlocks(old: restOld, new: restNew, into: output, offset: restOffset, barriers: restBarriers)
        }
    }

    /// The diagonals Myers' kernel visits to reach round `bound` when each
    /// round is confined by that bound (see `matchMyers`), the end on diagonal `end`.
    static func diagonals(bound: Int, end: Int) -> Int {
        var total = 0
        for d in 0...bound {
            let lowest = max(-d, end - (bound - d)), highest = min(d, end + (bound - d))
            if highest >= lowest { total += (highest - lowest) / 2 + 1 }
        }
        return total
    }

    /// The budget fallback: aligned blocks, each matched exactly.
    private mutating func matchInBlocks(
        old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>,
        into matchOfNew: UnsafeMutablePointer<Int32>, offset: Int32, barriers: UnsafePointer<Bool>?
    ) {
        let blocks = (max(old.count, new.count) + Self.fallbackBlockLength - 1) / Self.fallbackBlockLength
        for block in 0..<blocks {
            let oldRange = old.count * block / blocks..<old.count * (block + 1) / blocks
            let newRange = new.count * block / blocks..<new.count * (block + 1) / blocks
            match(
                old: UnsafeBufferPointer(rebasing: old[oldRange]), new: UnsafeBufferPointer(rebasing: new[newRange]),
                into: matchOfNew + newRange.lowerBound, offset: offset + Int32(oldRange.lowerBound),
                barriers: barriers.map { $0 + newRange.lowerBound }, budgeted: false)
        }
    }
}
