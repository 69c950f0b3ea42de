import { Link } from "react-router";
import { useSite } from "../site/queries.ts";
import { LegalDocument, LegalSection } from "./legal-document.tsx";

export default function PrivacyPage() {
  const { siteName } = useSite();
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="November 2026"
      lead={`What ${siteName} keeps about you, why, who can see it, and how to have it deleted.`}
    >
      <LegalSection title="The short version">
        <ul>
          <li>We keep what we need to run your account and to keep it and the community safe.</li>
          <li>We do not sell your data, show ads or use third-party trackers or analytics.</li>
          <li>The only cookie is the one that keeps you signed in.</li>
          <li>
            You can download your data and delete your account yourself, from{" "}
            <Link to="/dashboard/security">Dashboard &gt; Security</Link>.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="What we keep">
        <ul>
          <li>
            <strong>Your account:</strong> your e-mail address, username and password. The password is stored
            only as a one-way hash; nobody, including us, can read it. If you turn on two-factor
            authentication we store its secret and backup codes so we can check your codes. If you sign in
            with another account (Google, Discord, X or a single sign-on provider), we keep that account's id
            there, the name and e-mail address it gave us, and the tokens it issued when you signed in; we use
            them only to sign you in.
          </li>
          <li>
            <strong>Your profile:</strong> the avatar, bio and other details you choose to add.
          </li>
          <li>
            <strong>What you post:</strong> posts, comments, reactions, likes, follows, community memberships,
            KOL votes and reports, with the files you upload (images, videos, documents, evidence screenshots)
            and any addresses, transaction hashes or links you include.
          </li>
          <li>
            <strong>Points:</strong> a record of each points award (what it was for and when), and who signed
            up with your referral code.
          </li>
          <li>
            <strong>Security records:</strong> sign-in attempts with the e-mail address tried, the time and
            the IP address they came from. We use them to slow down password guessing, lock out attackers and
            investigate abuse.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Cookies and your browser">
        <p>
          We set one cookie: a session cookie that keeps you signed in. It is marked HttpOnly, so scripts on
          the page cannot read it, and signing out ends the session on our server. We set no advertising or
          tracking cookies.
        </p>
        <p>
          Your choice of dark or light theme is kept in your browser's local storage and is never sent to us.
        </p>
      </LegalSection>

      <LegalSection title="What others can see">
        <p>
          Your username, avatar, profile, posts, comments, reactions, follows, community memberships and
          points (on the leaderboard) are public. Your e-mail address, password, security records and
          unapproved reports are not. Moderators read reports to review them; approved reports, with their
          evidence, can be shown on the KOL's page.
        </p>
      </LegalSection>

      <LegalSection title="Who we share it with">
        <p>
          Nobody, for their own purposes. The companies that host the site, store uploaded files and deliver
          our e-mails process data only on our behalf and only to provide that service. We disclose data when
          the law requires it.
        </p>
        <p>
          Every script, font and image of the site is served by us. The one exception is GIFs: when you pick a
          GIF, its image loads from GIPHY's servers, which see your IP address as with any web request.
          Searches for GIFs go through our server, so GIPHY does not see who searched.
        </p>
      </LegalSection>

      <LegalSection title="How long we keep it">
        <p>
          Account, profile, content and points records are kept while your account exists. Security records
          are kept only as long as they are useful for protecting accounts and investigating abuse, then
          deleted. Password-reset and verification links expire after a short time.
        </p>
      </LegalSection>

      <LegalSection title="Your data">
        <p>
          In <Link to="/dashboard/security">Dashboard &gt; Security</Link>, "Download my data" gives you a
          JSON file of your account and profile, your posts, comments, likes and reactions, your points
          history and the reports you filed. It holds no passwords or sign-in secrets and no other member's
          e-mail address.
        </p>
      </LegalSection>

      <LegalSection title="Deleting your account">
        <p>
          In <Link to="/dashboard/security">Dashboard &gt; Security</Link>, choose "Delete my account" and
          enter your password. You are signed out everywhere at once, and your account is deleted 14 days
          later. If you sign in during those 14 days (with your second factor, if you have one), the deletion
          is cancelled; we e-mail you the date when you ask, and again if it is cancelled.
        </p>
        <p>When the 14 days are over, we erase:</p>
        <ul>
          <li>your profile: username, display name, bio, links and avatar (the image file too);</li>
          <li>
            your e-mail address, your password, your linked sign-ins, your two-factor settings and every
            session;
          </li>
          <li>your linked wallets and the contact details you gave to claim a prize;</li>
          <li>
            your notifications and those you caused, who you follow and who follows you, the messages sent
            from your e-mail through the Contact page, and the record of sign-in attempts under it.
          </li>
        </ul>
        <p>
          What you wrote stays: your posts and comments remain on the site, shown as from a deleted account
          ("Deleted account"), so the conversations they belong to still make sense. Your points history is
          kept without your name, so leaderboards and giveaways stay correct. Reports you filed stay on the
          KOL's page without your name, because other people rely on that evidence. You can delete posts and
          comments yourself before you go. Copies in our backups disappear as the backups expire. If you
          cannot sign in, write to us through the <Link to="/contact">Contact</Link> page from the e-mail
          address on your account.
        </p>
      </LegalSection>

      <LegalSection title="Security">
        <p>
          Connections to the site are encrypted, passwords are hashed, sign-in attempts are rate limited and
          two-factor authentication is available to everyone. No system is perfectly secure; if you suspect
          someone has used your account, change your password and tell us.
        </p>
      </LegalSection>

      <LegalSection title="Children">
        <p>
          {siteName} is for adults. You must be 18 or older to create an account, and we delete accounts we
          learn belong to someone younger.
        </p>
      </LegalSection>

      <LegalSection title="Changes and questions">
        <p>
          When this policy changes we update the date at the top, and we tell signed-in members about
          important changes before they apply. Questions about your data go to support through the{" "}
          <Link to="/contact">Contact</Link> page.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
