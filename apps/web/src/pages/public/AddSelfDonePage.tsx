import { Page } from '../../components/Page';

/** `/add-self/done`: the end of self-adding; the login code arrives by email. */
export function AddSelfDonePage() {
  return (
    <Page heading="Thanks for adding yourself!">
      <section className="add-self add-self--done card">
        <span className="add-self__tick" aria-hidden="true">
          ✓
        </span>
        <p className="page__lead">You will get an email with your judging login info soon.</p>
        <p>You may close this tab now.</p>
      </section>
    </Page>
  );
}
