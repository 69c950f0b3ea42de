import { Link } from "react-router";
import { useSite } from "../site/queries.ts";
import { LegalDocument, LegalSection } from "./legal-document.tsx";

export default function TermsPage() {
  const { siteName } = useSite();
  return (
    <LegalDocument
      title="Terms of Service"
      updated="November 2026"
      lead={`The rules for using ${siteName}. By creating an account or using the site you agree to them.`}
    >
      <LegalSection title="1. Who can use the site">
        <p>
          You must be at least 18 and allowed to use a service like this where you live. Keep your account
          details accurate, keep your password to yourself and use one account per person. You are responsible
          for what happens under your account.
        </p>
      </LegalSection>

      <LegalSection title="2. Not financial advice">
        <p>
          Nothing on {siteName} is investment, financial, legal or tax advice: not KOL ratings, reports,
          votes, posts, courses, leaderboards or the scores of our partners. Members share opinions, and
          opinions can be wrong. Crypto assets are volatile and can lose all their value. Make your own
          decisions and never risk money you cannot afford to lose.
        </p>
      </LegalSection>

      <LegalSection title="3. Reports must be truthful">
        <p>Reports about KOLs affect real people's reputations, so when you file one you confirm that:</p>
        <ul>
          <li>it describes what happened honestly and to the best of your knowledge;</li>
          <li>your evidence is genuine and unedited, and you have the right to share it;</li>
          <li>it is not part of a harassment campaign, a competitor's attack or a trade for payment.</li>
        </ul>
        <p>
          Moderators review reports before they are published and may reject any of them. False or fabricated
          reports are removed, the points they earned are taken back, and the account that filed them may be
          suspended or banned.
        </p>
      </LegalSection>

      <LegalSection title="4. Acceptable use">
        <p>You may not use {siteName} to:</p>
        <ul>
          <li>post anything illegal, or threaten, harass or dox anyone;</li>
          <li>promote scams, phishing links, wallet drainers or malware;</li>
          <li>shill tokens for payment without saying so plainly in the post;</li>
          <li>impersonate another person, KOL, project or our team;</li>
          <li>game votes, points, referrals or the leaderboard with extra accounts, bots or vote rings;</li>
          <li>
            spam, scrape the site in a way that burdens it, or try to get around its security or limits.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="5. Your content">
        <p>
          You keep ownership of what you post. So that we can run the site, you give us a worldwide,
          non-exclusive, royalty-free licence to host, store, copy, display and distribute your content on{" "}
          {siteName} and in its promotion. The licence ends when the content is deleted, except for approved
          reports kept as the <Link to="/privacy">Privacy Policy</Link> describes and copies that others have
          already shared. You confirm you have the rights to everything you upload.
        </p>
      </LegalSection>

      <LegalSection title="6. Points and rewards">
        <p>
          Points recognise contributions to the community. They have no cash value, are not a currency or a
          token, and cannot be sold, transferred or exchanged outside the site. We may correct points awarded
          in error or through abuse of these terms. Each giveaway states its own rules, and those rules apply
          to it.
        </p>
      </LegalSection>

      <LegalSection title="7. Moderation">
        <p>
          We may remove content and suspend or ban accounts that break these terms, with or without warning
          where the harm calls for it. Community owners may set stricter rules for their communities. If you
          think we got it wrong, tell us through the <Link to="/contact">Contact</Link> page and we will look
          again.
        </p>
      </LegalSection>

      <LegalSection title="8. KOLs and other sites">
        <p>
          KOL pages collect what members say and the reports moderators approved; they are not our statement
          of fact about anyone. A KOL who disputes a report can write to us with their evidence. Links to
          other sites, including our partners, lead to services we do not control, under their own terms.
        </p>
      </LegalSection>

      <LegalSection title="9. The service as it is">
        <p>
          We work to keep {siteName} available and accurate, but we provide it as it is, without warranties.
          As far as the law allows, we are not liable for trading losses or for indirect or consequential
          losses arising from your use of the site or from content posted by members.
        </p>
      </LegalSection>

      <LegalSection title="10. Changes and ending">
        <p>
          We may change these terms; the date at the top shows the latest version, and we tell signed-in
          members about important changes before they apply. You may stop using the site at any time and ask
          us to delete your account. We may close accounts that break these terms.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
