// The 2-set (두벌식) automaton against the documented examples: whole words typed on the key
// map, compound vowels and finals, the final moving to the next syllable, backspace taking a
// syllable apart jamo by jamo, and jamo that cannot join.

import Testing
@testable import Kiosk

/// A field as the contract describes it: committed text and marked text, edited by actions.
struct MarkedTextModel {
    var committed = ""
    var marked = ""
    var text: String { committed + marked }

    mutating func apply(_ action: KeyboardAction) {
        switch action {
        case .insert(let s): committed += marked + s; marked = ""
        case .mark(let s): marked = s
        case .deleteBackward:
            committed += marked; marked = ""
            if !committed.isEmpty { committed.removeLast() }
        case .submit, .dismiss: committed += marked; marked = ""
        }
    }
    mutating func apply(_ actions: [KeyboardAction]) { for a in actions { apply(a) } }
}

@Suite struct HangulComposerTests {
    /// Types Latin keys on the 2-set map and returns the field's text.
    func type(_ keys: String) -> (model: MarkedTextModel, composer: HangulComposer) {
        var c = HangulComposer()
        var m = MarkedTextModel()
        for k in keys { m.apply(c.input(key: k)) }
        return (m, c)
    }

    @Test func documentedWords() {
        #expect(type("gksrmf").model.text == "한글")
        #expect(type("dkssudgktpdy").model.text == "안녕하세요")
        #expect(type("ekfr").model.text == "닭")
        #expect(type("ekfrl").model.text == "달기")       // 닭 + ㅣ: the ㄱ moves on
        #expect(type("ekfrdl").model.text == "닭이")      // ㅇ is a consonant: 닭 stays whole
        #expect(type("rksk").model.text == "가나")
        #expect(type("rkrk").model.text == "가가")
        #expect(type("dkswdkdlTek").model.text == "앉아있다")
        #expect(type("tkfkdgo").model.text == "사랑해")
        #expect(type("qkfqwk").model.text == "밟자")
        #expect(type("rkqt").model.text == "값")
        #expect(type("rkqtdl").model.text == "값이")
        #expect(type("rkqtl").model.text == "갑시")
    }

    @Test func compoundVowels() {
        #expect(type("rhk").model.text == "과")
        #expect(type("rho").model.text == "괘")
        #expect(type("rhl").model.text == "괴")
        #expect(type("rnj").model.text == "궈")
        #expect(type("rnp").model.text == "궤")
        #expect(type("rnl").model.text == "귀")
        #expect(type("dml").model.text == "의")
        // A lone compound vowel, and vowels that do not join.
        #expect(type("hk").model.text == "ㅘ")
        #expect(type("kj").model.text == "ㅏㅓ")
        #expect(type("rhkk").model.text == "과ㅏ")
    }

    @Test func compoundFinals() {
        let cases: [(String, String)] = [("rkrt", "갃"), ("ekswk", "단자"), ("aksg", "많"), ("ekfr", "닭"),
                                         ("tkfa", "삶"), ("ekfq", "닯"), ("ehft", "돐"), ("gkfx", "핥"),
                                         ("dmfv", "읊"), ("dkfg", "앓"), ("djqt", "없"), ("dksw", "앉"), ("dksg", "않")]
        for (keys, expected) in cases { #expect(type(keys).model.text == expected, "\(keys)") }
        // Three consonants: the third starts anew.
        #expect(type("ekfrr").model.text == "닭ㄱ")
    }

    @Test func finalMovesToNextSyllable() {
        #expect(type("rkrk").model.text == "가가")       // 각 + ㅏ
        #expect(type("ekfrk").model.text == "달가")      // 닭 + ㅏ
        #expect(type("rkTdj").model.text == "갔어")
        #expect(type("rkTj").model.text == "가써")       // ㅆ moves whole
        // Double consonants that are never finals start the next syllable.
        #expect(type("rkEk").model.text == "가따")
        #expect(type("rkQ").model.text == "가ㅃ")
    }

    @Test func syllableFormula() {
        // U+AC00 + (L×21 + V)×28 + T for every initial and vowel, and every final after 가.
        for (l, initial) in HangulComposer.initials.enumerated() {
            for (v, vowel) in HangulComposer.vowels.enumerated() {
                var c = HangulComposer()
                var m = MarkedTextModel()
                m.apply(c.input(initial)); m.apply(c.input(vowel))
                #expect(m.text.unicodeScalars.first?.value == UInt32(0xAC00 + (l * 21 + v) * 28))
            }
        }
        #expect(HangulComposer.render(["ㅎ", "ㅏ", "ㄴ"]) == "한")
        #expect(HangulComposer.render(["ㅎ", "ㅡ", "ㅣ"]) == "희")
        #expect(HangulComposer.render(["ㄱ", "ㅏ", "ㅎ"]) == "갛")
        #expect("갛".unicodeScalars.first!.value == 0xAC00 + 27)
    }

    @Test func backspaceTakesSyllableApart() {
        var (m, c) = type("gks")
        #expect(m.text == "한" && m.marked == "한")
        m.apply(c.deleteBackward()); #expect(m.text == "하")
        m.apply(c.deleteBackward()); #expect(m.text == "ㅎ")
        m.apply(c.deleteBackward()); #expect(m.text == "" && !c.isComposing)
        // Nothing composing: an ordinary delete of the committed text.
        (m, c) = type("gksrmf")
        m.apply(c.deleteBackward()); #expect(m.text == "한그")
        m.apply(c.deleteBackward()); #expect(m.text == "한ㄱ")
        m.apply(c.deleteBackward()); #expect(m.text == "한")
        #expect(c.deleteBackward() == [.deleteBackward])
        // Compounds come apart jamo by jamo.
        (m, c) = type("ekfr")
        m.apply(c.deleteBackward()); #expect(m.text == "달")
        m.apply(c.deleteBackward()); #expect(m.text == "다")
        (m, c) = type("rhk")
        m.apply(c.deleteBackward()); #expect(m.text == "고")
        m.apply(c.deleteBackward()); #expect(m.text == "ㄱ")
    }

    @Test func jamoThatCannotJoinCommits() {
        #expect(type("rs").model.text == "ㄱㄴ")         // two initials
        #expect(type("kr").model.text == "ㅏㄱ")         // a lone vowel makes no syllable
        #expect(type("rr").model.text == "ㄱㄱ")
        let (m, c) = type("rks")
        #expect(m.committed == "" && m.marked == "간")
        var c2 = c, m2 = m
        m2.apply(c2.input("ㄴ"))
        #expect(m2.committed == "간" && m2.marked == "ㄴ")
    }

    @Test func actionsAsSent() {
        var c = HangulComposer()
        #expect(c.input(key: "r") == [.mark("ㄱ")])
        #expect(c.input(key: "k") == [.mark("가")])
        #expect(c.input(key: "r") == [.mark("각")])
        #expect(c.input(key: "k") == [.mark(""), .insert("가"), .mark("가")])
        // A key that is not a jamo: inserted, which commits the mark.
        #expect(c.input(key: "1") == [.insert("1")])
        #expect(!c.isComposing)
        _ = c.input(key: "g")
        #expect(c.commit() == [.mark(""), .insert("ㅎ")])
        #expect(c.commit() == [])
    }

    @Test func keyMap() {
        #expect(HangulComposer.jamo(forKey: "q") == "ㅂ")
        #expect(HangulComposer.jamo(forKey: "Q") == "ㅃ")
        #expect(HangulComposer.jamo(forKey: "O") == "ㅒ")
        #expect(HangulComposer.jamo(forKey: "P") == "ㅖ")
        #expect(HangulComposer.jamo(forKey: "A") == "ㅁ")      // other shifted keys: the plain jamo
        #expect(HangulComposer.jamo(forKey: "1") == nil)
        #expect(HangulComposer.keyMap.count == 52)
    }
}
