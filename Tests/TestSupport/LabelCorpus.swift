import Analyzer
import Animator

/// One realistic label change: the texts a label shows in turn, how they are
/// diffed, and how fast they follow each other.
public struct LabelChange: Hashable, Sendable, CustomStringConvertible {
    /// A short name for tables and failure messages.
    public var name: String
    /// The texts in order; the first is at rest before the change.
    public var texts: [String]
    /// How the texts are diffed.
    public var mode: DiffMode
    /// Seconds between successive texts; nil to set each when the one before has settled.
    public var interval: Double?
    /// Where lines wrap, in points of the 10 × 20 monospace grid (nil: only at newlines).
    public var wrapWidth: Double?
    /// How lines are aligned.
    public var alignment: TextAlignment

    public init(
        _ name: String, _ texts: [String], mode: DiffMode = .morph, interval: Double? = nil, wrapWidth: Double? = nil,
        alignment: TextAlignment = .leading
    ) {
        self.name = name
        self.texts = texts
        self.mode = mode
        self.interval = interval
        self.wrapWidth = wrapWidth
        self.alignment = alignment
    }

    /// A change set as an app does without flags: numeric mode and trailing
    /// alignment when every text reads as a number (`DiffMode.suggested(for:)`).
    public static func unflagged(_ name: String, _ texts: [String], interval: Double? = nil) -> LabelChange {
        let mode = DiffMode.suggested(for: texts)
        let numeric = mode != .morph
        return LabelChange(name, texts, mode: mode, interval: interval, alignment: numeric ? .trailing : .leading)
    }

    /// The name and the texts, e.g. `reversal 80 ms: "Send Action" → "Action Sent" → "Send Action"`.
    public var description: String {
        name + ": " + texts.map(\.debugDescription).joined(separator: " → ")
    }
}

/// Label changes as apps make them, for the legibility measure
/// (`Legibility`): buttons, statuses, counters, prices and clocks (numeric mode),
/// dates, unrelated texts, CJK, right-to-left scripts, emoji, multi-line text,
/// tickers (replace mode) and fast reversals; paragraphs that reflow (wrapped
/// and with explicit newlines, in all three alignments), words that trade
/// places, right-to-left lines and counters set without flags.
public enum LabelCorpus {
    /// Every change of the corpus.
    public static let all: [LabelChange] =
        buttons + statuses + counters + dates + unrelated + scripts + emoji + other + reversals + paragraphs
        + reorders + rightToLeft + unflagged

    /// The paragraph of the reflow examples, and its edit that pushes words onto the next lines.
    static let fox = "The quick brown fox jumps over the lazy dog and keeps running far away"
    static let veryFox = "A very quick brown fox jumps over the lazy dog and keeps running far away"

    static let paragraphs: [LabelChange] =
        TextAlignment.allCases.map { alignment in
            LabelChange("reflow \(alignment.rawValue)", [fox, veryFox], wrapWidth: 440, alignment: alignment)
        } + [
            LabelChange("reflow back", [veryFox, fox], wrapWidth: 440),
            LabelChange(
                "paragraph edit", ["Your order has shipped and will arrive on Monday", "Your order was delivered on Monday"],
                wrapWidth: 200, alignment: .center),
            LabelChange("newlines", ["Order shipped\nArrives Monday", "Order delivered\nArrived Monday"], alignment: .center),
            LabelChange("newline moves", ["Hello\nbrave new world", "Hello brave\nnew world"]),
            LabelChange(
                "cross-fade smear", ["Checkout complete: 3 items", "Payment failed: try again"], alignment: .trailing),
        ]

    static let reorders: [LabelChange] = [
        LabelChange("swap", ["Hello World", "World Hello"]),
        LabelChange("cancel save", ["Cancel Save", "Save Cancel"]),
        LabelChange("names", ["first name last name", "last name first name"]),
        LabelChange("swap centred", ["Yes or No", "No or Yes"], alignment: .center),
    ]

    static let rightToLeft: [LabelChange] = [
        LabelChange("hebrew line", ["הודעה חדשה אחת", "שתי הודעות חדשות"]),
        LabelChange("arabic line", ["رسالة جديدة", "رسالتان جديدتان"], alignment: .trailing),
        LabelChange("hebrew lines", ["שלום\nעולם יפה", "שלום עולם\nיפה"], alignment: .trailing),
    ]

    /// The changes in which words trade places or change lines: what lanes and
    /// line-aware moves are for, by name.
    public static let linesAndLanes: Set<String> =
        Set(reorders.map(\.name) + paragraphs.map(\.name).filter { $0.hasPrefix("reflow") })
        .union(["paragraph edit", "newline moves", "hebrew lines"])

    static let unflagged: [LabelChange] = [
        LabelChange.unflagged("plain 99 → 100", ["99", "100"]),
        LabelChange.unflagged("plain price", ["$9.99", "$10.49"]),
        LabelChange.unflagged("plain percent", ["-5%", "+3.5%"]),
        LabelChange.unflagged("plain euros", ["€1.234,56", "€999,00"]),
        LabelChange.unflagged("plain time", ["9:59 AM", "10:00 AM"]),
        LabelChange.unflagged("plain countdown", ["10", "9", "8"], interval: 0.1),
    ]

    static let buttons: [LabelChange] = [
        LabelChange("send", ["Send", "Sent"]),
        LabelChange("add to cart", ["Add to cart", "Added to cart"]),
        LabelChange("follow", ["Follow", "Following"]),
        LabelChange("save", ["Save", "Saved"]),
        LabelChange("subscribe", ["Subscribe", "Unsubscribe"]),
        LabelChange("sign in", ["Sign in", "Signing in…"]),
        LabelChange("play", ["Play", "Pause"]),
        LabelChange("show more", ["Show more", "Show less"]),
        LabelChange("copy link", ["Copy link", "Copied!"]),
        LabelChange("install", ["Install", "Installing…"]),
    ]

    static let statuses: [LabelChange] = [
        LabelChange("backing up", ["Backing up 1,204 photos…", "Backed up 1,204 photos."]),
        LabelChange("connecting", ["Connecting…", "Connected"]),
        LabelChange("uploading", ["Uploading 3 files", "Uploaded 3 files"]),
        LabelChange("syncing", ["Syncing", "Up to date"]),
        LabelChange("creative", ["Creative", "Create"]),
        LabelChange("updates", ["Checking for updates…", "You're up to date"]),
        LabelChange("offline", ["Offline", "Online"]),
        LabelChange("unread", ["2 unread messages", "No unread messages"]),
    ]

    static let counters: [LabelChange] = [
        LabelChange("99 → 100", ["99", "100"], mode: .numeric()),
        LabelChange("price", ["$9.99", "$10.49"], mode: .numeric()),
        LabelChange("1,999 → 2,000", ["1,999", "2,000"], mode: .numeric()),
        LabelChange("likes", ["42 likes", "43 likes"], mode: .numeric()),
        LabelChange("percent", ["0.5%", "12.75%"], mode: .numeric()),
        LabelChange("temperature", ["-3.2°C", "1.8°C"], mode: .numeric()),
        LabelChange("big counter", ["1,234,567", "1,234,568"], mode: .numeric()),
        LabelChange("9 → 10", ["9", "10"], mode: .numeric()),
        LabelChange("euro price", ["€1.234,56", "€1.299,00"], mode: .numeric(decimalSeparator: ",")),
        LabelChange("counter run", ["99", "100", "1,000"], mode: .numeric()),
    ]

    static let dates: [LabelChange] = [
        LabelChange("clock", ["Mon 9:59", "Mon 10:00"], mode: .numeric()),
        LabelChange("timer", ["12:59:59", "13:00:00"], mode: .numeric()),
        LabelChange("month end", ["March 31", "April 1"]),
        LabelChange("yesterday", ["Yesterday", "Today"]),
        LabelChange("minutes", ["in 5 minutes", "in 4 minutes"]),
    ]

    static let unrelated: [LabelChange] = [
        LabelChange("fox", ["The quick brown fox", "The lazy dog"]),
        LabelChange("welcome", ["Loading…", "Welcome back, Ana"]),
        LabelChange("error", ["Error", "Try again"]),
        LabelChange("greeting", ["Good morning", "Good evening"]),
        LabelChange("settings", ["Settings", "Notifications"]),
    ]

    static let scripts: [LabelChange] = [
        LabelChange("japanese", ["読み込み中", "完了しました"]),
        LabelChange("chinese save", ["保存", "保存成功"]),
        LabelChange("chinese download", ["下载中…", "下载完成"]),
        LabelChange("hebrew", ["שלח", "נשלח"]),
        LabelChange("arabic", ["جار التحميل", "تم التحميل"]),
    ]

    static let emoji: [LabelChange] = [
        LabelChange("thumbs", ["👍 12", "👍 13"], mode: .numeric()),
        LabelChange("party", ["Party 🎉", "Party over 😴"]),
        LabelChange("family", ["👨‍👩‍👧 Family", "👨‍👩‍👧‍👦 Family"]),
    ]

    static let other: [LabelChange] = [
        LabelChange("ticker", ["ABC123", "XYZ789"], mode: .replace),
        LabelChange("gate", ["Gate A12", "Gate B07"], mode: .replace),
        LabelChange("two lines", ["Step 1 of 3\nAccount", "Step 2 of 3\nPayment"]),
    ]

    /// A text and its way back, faster than the transitions take.
    static let reversals: [LabelChange] = [40, 80, 120].map { ms in
        LabelChange(
            "reversal \(ms) ms", ["Send Action", "Action Sent", "Send Action"], interval: Double(ms) / 1000)
    } + [
        LabelChange("follow back 80 ms", ["Follow", "Following", "Follow"], interval: 0.08),
        LabelChange("counter back 80 ms", ["99", "100", "99"], mode: .numeric(), interval: 0.08),
    ]
}
