import GiveawaysHTML
import Testing

/// The one reader of character references, for GamerPower's descriptions and the stores' fronts alike: each read
/// once (the list of replacements GamerPower's text went through read `&amp;lt;` as `<`), numeric ones too.
@Suite struct CharacterReferencesTests {
    @Test func eachReferenceIsReadOnceLeftToRight() {
        #expect(CharacterReferences.decode("a &amp;lt;b&amp;gt; c") == "a &lt;b&gt; c")
        #expect(UpstreamHTML.decodeEntities("&amp;quot;") == "&quot;", "GamerPower's text is read the same way")
        #expect(CharacterReferences.decode("Tom &amp; Jerry&#39;s &#x263A; &#039;x&#039;") == "Tom & Jerry's ☺ 'x'")
    }

    @Test func unknownBrokenAndNulReferencesStayAsWritten() {
        #expect(
            CharacterReferences.decode("&bogus; & &#; &#x; &#0; &#xFFFFFFFF; &amp")
                == "&bogus; & &#; &#x; &#0; &#xFFFFFFFF; &amp")
        #expect(CharacterReferences.decode("no references") == "no references")
        #expect(CharacterReferences.decode("&nbsp;") == "\u{A0}")
    }
}
