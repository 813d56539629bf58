import { Link } from 'react-router';
import { messages } from '../../shared/messages';

/** A posting (or what belongs to it, as its agreement) that is not there for this viewer: the spec's words. */
export function PostingNotFound() {
  return (
    <div className="page">
      <h1>{messages.postingAccess.notFound.title}</h1>
      <p>{messages.postingAccess.notFound.message}</p>
      <p>
        <Link to="/postings">Search Postings</Link>
      </p>
    </div>
  );
}
