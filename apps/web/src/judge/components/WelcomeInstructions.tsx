/** How judging works (product spec §2 "Judge welcome"), in the order a judge meets each step. */
export function WelcomeInstructions() {
  return (
    <section className="card judge-welcome" aria-labelledby="judge-welcome-how">
      <p className="page__lead">Thank you for judging! Here is how it works.</p>
      <h2 id="judge-welcome-how">How judging works</h2>
      <ol className="judge-welcome__steps">
        <li>
          Press <strong>Next Project</strong> to get a project and its location. Go to its table and listen to
          the team&apos;s pitch.
        </li>
        <li>Take personal notes as you go, and star the projects that stand out.</li>
        <li>
          On your dashboard, rank each project against the others you have seen (track judges star their
          favourites instead).
        </li>
        <li>
          If the team is busy with another judge, press <strong>Skip</strong> and choose Busy: it does not
          hurt their rating, and you can see them later.
        </li>
        <li>
          If a team is absent, skip it as <strong>Absent</strong>. <strong>Flag</strong> a team that cannot
          demo its project or that you suspect of cheating.
        </li>
        <li>
          If you know the team (a friend, a colleague, a former student), press <strong>Skip</strong> and
          choose <strong>I know this team</strong>: you will not be given it again, and it is no mark against
          the team.
        </li>
      </ol>
    </section>
  );
}
