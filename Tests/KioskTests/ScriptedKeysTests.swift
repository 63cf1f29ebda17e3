// `kiosk snapshot` / `kiosk record` scripts: --type and --key after --tap (VirtualRun's
// ScriptedInput), parsed as the command line gives them.
import Testing
import Raster
@testable import Kiosk

@Suite struct ScriptedKeysTests {
    @Test func typeAndKeyOptionsParseTextNamesAndTimes() throws {
        let hello = try ScheduledKeys(typing: "hello@1.5")
        #expect(hello.time == 1.5)
        #expect(hello.presses.count == 10)
        #expect(hello.presses.first == KeyPress(phase: .down, key: "h", characters: "h"))
        // An "@" that is no time stays text; "a@b.c" is an address, not a time.
        #expect(try ScheduledKeys(typing: "me@example.com").time == nil)
        #expect(try ScheduledKeys(typing: "me@example.com").presses.count == 28)
        #expect(try ScheduledKeys(typing: "@").presses.count == 2)
        #expect(try ScheduledKeys(key: "return").presses.first?.key == .return)
        #expect(try ScheduledKeys(key: "esc@2").time == 2)
        #expect(try ScheduledKeys(key: "@").presses.first?.key == "@")
        #expect(throws: ConfigError.self) { try ScheduledKeys(key: "hyper") }
        #expect(throws: ConfigError.self) { try ScheduledKeys(key: "return@-1") }
    }

    @Test func keysComeAfterTheTapThatFocusesTheField() throws {
        final class Typed: @unchecked Sendable { var text = ""; var submitted: [String] = [] }
        let typed = Typed()
        var clock = 0.0
        let source = ViewFrameSource(width: 320, height: 200, now: { clock }) {
            VStack {
                TextField("Name", text: Binding(get: { typed.text }, set: { typed.text = $0 }))
                    .textFieldStyle(.roundedBorder)
                    .onSubmit { typed.submitted.append(typed.text) }
                Spacer()
            }
            .padding()
        }
        source.setHardwareKeyboardAttached(true)
        let run = try VirtualRun(source: source, width: 320, height: 200)
        run.onAdvance = { clock = $0 }
        // `kiosk snapshot --tap 160,32 --type hallo --key delete --key left --type X --key return`
        let keys = [try ScheduledKeys(typing: "hallo"), try ScheduledKeys(key: "delete"),
                    try ScheduledKeys(key: "left"), try ScheduledKeys(typing: "X"), try ScheduledKeys(key: "return")]
        run.run(until: 0.5, taps: [try ScheduledTap(parsing: "160,32@0.1")], keys: keys)
        #expect(typed.text == "halXl")
        #expect(typed.submitted == ["halXl"])

        // With no tap first the keys find no field: nothing is typed.
        let none = Typed()
        let source2 = ViewFrameSource(width: 320, height: 200, now: { clock }) {
            TextField("Name", text: Binding(get: { none.text }, set: { none.text = $0 }))
        }
        let run2 = try VirtualRun(source: source2, width: 320, height: 200)
        clock = 0
        run2.onAdvance = { clock = $0 }
        run2.run(until: 0.5, keys: [try ScheduledKeys(typing: "abc")])
        #expect(none.text == "")
    }
}
