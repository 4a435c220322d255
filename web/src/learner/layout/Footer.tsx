import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { Brand } from "../../shared/ui/Brand.tsx";
import { InstagramIcon, LinkedInIcon, XSocialIcon, YouTubeIcon } from "../../shared/ui/BrandIcons.tsx";
import { Container } from "../../shared/ui/Container.tsx";
import { MailIcon, MapPinIcon, PhoneIcon } from "../../shared/ui/icons.tsx";
import styles from "./Footer.module.css";

interface Profile {
  businessName: string;
  supportEmail: string | null;
  footerContact: string | null;
}

/**
 * The owner's business name and contact details; null until they arrive. Asked without a session and outside Relay,
 * as the test-payments banner asks: one anonymous answer (served from the public cache) that no page's data depends
 * on, and whose failure leaves the default text.
 */
function useBusinessProfile(): Profile | null {
  const [profile, setProfile] = useState<Profile | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/graphql-response+json, application/json" },
      body: JSON.stringify({ query: "query FooterBusinessProfile { businessProfile { businessName supportEmail footerContact } }" }),
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { data?: { businessProfile?: Profile } } | null) => setProfile(body?.data?.businessProfile ?? null))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return profile;
}

const PHONE = /^\+?[\d\s().-]{6,}$/;

const menu = [
  { label: "Home", to: "/" },
  { label: "Tracks", to: "/learner-tracks" },
  { label: "Portal", to: "/portal" },
  { label: "Signup", to: "/learners-signup" },
];

const social = [
  { label: "LinkedIn", href: "https://www.linkedin.com/", Icon: LinkedInIcon },
  { label: "X (Twitter)", href: "https://x.com/", Icon: XSocialIcon },
  { label: "Instagram", href: "https://www.instagram.com/", Icon: InstagramIcon },
  { label: "YouTube", href: "https://www.youtube.com/", Icon: YouTubeIcon },
];

/** The learner site's footer: menu links, contact details, social links and the copyright line (docs/product.md, Learner pages). */
export default function Footer() {
  const profile = useBusinessProfile();
  const email = profile?.supportEmail || "hello@learnhub.example";
  // Each line once (a line is its own key).
  const lines = [
    ...new Set(
      (profile?.footerContact ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
  return (
    <footer className={styles.footer}>
      <Container>
        <div className={styles.columns}>
          <div className={styles.about}>
            <Brand inverse />
            <p>Practical tech training: tracks of hands-on courses, taken at your own pace, each led by a named instructor.</p>
          </div>
          <nav aria-labelledby="footer-menu">
            <h2 id="footer-menu" className={styles.heading}>
              Menu
            </h2>
            <ul className={styles.list}>
              {menu.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{item.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className={styles.heading}>Contact</h2>
            <address className={styles.list}>
              <a href={`mailto:${email}`}>
                <MailIcon size={16} />
                {email}
              </a>
              {lines.length === 0 ? (
                <>
                  <a href="tel:+2348001234567">
                    <PhoneIcon size={16} />
                    +234 800 123 4567
                  </a>
                  <span>
                    <MapPinIcon size={16} />
                    Lagos, Nigeria
                  </span>
                </>
              ) : (
                lines.map((line) =>
                  PHONE.test(line) ? (
                    <a key={line} href={`tel:${line.replace(/[^\d+]/g, "")}`}>
                      <PhoneIcon size={16} />
                      {line}
                    </a>
                  ) : (
                    <span key={line}>
                      <MapPinIcon size={16} />
                      {line}
                    </span>
                  ),
                )
              )}
            </address>
          </div>
          <div>
            <h2 className={styles.heading}>Follow us</h2>
            <ul className={styles.list}>
              {social.map(({ label, href, Icon }) => (
                <li key={href}>
                  <a href={href} rel="noopener noreferrer">
                    <Icon size={16} />
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p className={styles.copyright}>© 2025 {profile?.businessName ?? "LearnHub"}. All rights reserved.</p>
      </Container>
    </footer>
  );
}
